import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ProfileUpdateInput } from "@domain/profile";
import { hasPlaceholderName, type Me } from "@domain/user";
import { isoToDayMonthYear } from "@/components/BirthDateInput";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/updateProfile";

/** The profile form's first values, from the signed-in user. */
export function profileFormValues(me: Me) {
  return {
    // The operator's placeholder ("Abonné Ooredoo") is no name: the subscriber types theirs in empty fields.
    name: hasPlaceholderName(me) ? "" : me.name,
    lastName: hasPlaceholderName(me) ? "" : me.last_name,
    birthDate: isoToDayMonthYear(me.birth_date),
    phone: me.phone ?? "",
    phone2: me.phone2 ?? "",
    email: me.email ?? "",
    gender: me.gender ?? "",
    division: me.division ? String(me.division.id) : "",
    country: me.country?.id ?? 1,
    state: me.state?.id ?? null,
    delegation: me.delegation?.id ?? null,
    institute: me.institute?.id ?? null,
  };
}

export type ProfileFormValues = ReturnType<typeof profileFormValues>;

/** A new phone or e-mail waiting for the code sent to it. */
export interface PendingCredential {
  email: string | null;
  destination: string;
}

/**
 * Saves the profile form with a progress toast: a 422's field codes go on the inputs, a new phone or e-mail asks for
 * its code (`confirming`), anything else ends with `afterSave`.
 */
export function useSaveProfile(applyServerErrors: (err: unknown) => boolean, afterSave: () => void) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile();
  const [confirming, setConfirming] = useState<PendingCredential | null>(null);

  const save = async (v: ProfileFormValues) => {
    const progress = "profile-progress";
    toast.show({
      id: progress,
      message: t`En traitement...`,
      loading: true,
      autoClose: false,
    });
    try {
      const body: ProfileUpdateInput = {
        ...v,
        gender: v.gender === "" ? null : (v.gender as "male" | "female"),
      } as ProfileUpdateInput;
      const result = await update.mutateAsync(body);
      toast.hide(progress);
      toast.success(t`Votre profil a été mis à jour`);
      if (result.credential) {
        setConfirming({
          email: result.pending.phone ? null : result.pending.email,
          destination: result.credential,
        });
        return;
      }
      afterSave();
    } catch (err) {
      toast.hide(progress);
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  };

  return { save, saving: update.isPending, confirming, setConfirming };
}
