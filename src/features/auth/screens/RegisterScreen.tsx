import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { TUNISIA_COUNTRY_ID } from "@domain/constants";
import { RegisterSchema, type RegisterInput } from "@domain/schemas/auth";
import { ApiRequestError } from "@/lib/api";
import { BirthDateInput } from "@/components/BirthDateInput";
import { PasswordField } from "@/components/PasswordField";
import { useSchemaForm } from "@/lib/forms";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { useRegisterMutation } from "../api/register";
import { LazySocialButtons } from "../components/LazySocialButtons";
import { useBotCheck } from "../components/useBotCheck";
import { useRegisterOptions } from "../components/useRegisterOptions";
import { useResultToast } from "../components/useResultToast";
import { savedReferral } from "@/lib/referral";
import { rememberLoginQuery, signIn } from "../session";

interface Values extends Record<string, unknown> {
  name: string;
  lastName: string;
  phone: string;
  email: string;
  birthDate: string;
  plainPassword: { first: string; second: string };
  country: string | null;
  state: string | null;
  division: string | null;
  optionalSubject: string | null;
}

const EMPTY: Values = {
  name: "",
  lastName: "",
  phone: "",
  email: "",
  birthDate: "",
  plainPassword: { first: "", second: "" },
  country: String(TUNISIA_COUNTRY_ID),
  state: null,
  division: null,
  optionalSubject: null,
};

export function RegisterScreen({ nextPage, referral }: { nextPage?: string | undefined; referral?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Créer un compte`);
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const bot = useBotCheck();
  const toast = useResultToast();
  const { form, field, isValid, applyServerErrors } = useSchemaForm<Values>(RegisterSchema, {
    initialValues: EMPTY,
    onValuesChange: (values, previous) => {
      if (values.country !== previous.country && values.state !== null) form.setFieldValue("state", null);
      if (values.division !== previous.division && values.optionalSubject !== null) form.setFieldValue("optionalSubject", null);
    },
  });
  const values = form.getValues();
  const inTunisia = values.country === String(TUNISIA_COUNTRY_ID);
  const options = useRegisterOptions({ inTunisia, division: values.division });

  const submit = form.onSubmit(async (v) => {
    try {
      const body: RegisterInput = {
        ...v,
        referralCode: referral ?? savedReferral(),
        "g-recaptcha-response": await bot.token(),
      };
      const result = await register.mutateAsync(body);
      signIn(result.token, result.expires_at);
      rememberLoginQuery(nextPage);
      toast.success(t`Compte créé : saisissez le code reçu pour le vérifier`);
      await navigate({ to: "/confirm" });
    } catch (err) {
      bot.prepare();
      if (err instanceof ApiRequestError && err.code === "account_already_used" && !Object.keys(err.errors).length) {
        form.setErrors({ phone: "account_already_used", email: "account_already_used" });
      } else {
        applyServerErrors(err);
      }
      toast.error(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormHeader title={<Trans>Créer un compte</Trans>}>
          <Trans>Quelques informations et votre compte est prêt.</Trans>
        </FormHeader>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label={t`Prénom`} autoComplete="given-name" required {...field("name")} />
          <TextInput label={t`Nom`} autoComplete="family-name" required {...field("lastName")} />
        </SimpleGrid>
        <Select
          label={t`Pays`}
          data={options.countries}
          searchable
          {...field("country")}
        />
        {inTunisia && (
          <Select label={t`Gouvernorat`} data={options.states} searchable required {...field("state")} />
        )}
        <TextInput
          label={t`Numéro de téléphone`}
          description={inTunisia ? t`8 chiffres, commençant par 2, 4, 5 ou 9` : undefined}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          required={inTunisia}
          {...field("phone")}
        />
        <TextInput label={t`Adresse e-mail`} type="email" autoComplete="email" dir="ltr" required={!inTunisia} {...field("email")} />
        <BirthDateInput required {...field("birthDate")} />
        <Select label={t`Classe`} data={options.divisionGroups} searchable required {...field("division")} />
        {options.optionalSubjects.length > 0 && (
          <Select label={t`Matière optionnelle`} data={options.optionalSubjects} clearable {...field("optionalSubject")} />
        )}
        <PasswordField
          label={t`Mot de passe`}
          description={t`8 à 16 caractères, avec majuscule, minuscule, chiffre et caractère spécial`}
          autoComplete="new-password"
          required
          {...field("plainPassword.first")}
        />
        <PasswordField
          label={t`Confirmer le mot de passe`}
          autoComplete="new-password"
          required
          {...field("plainPassword.second")}
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending} disabled={register.isPending || !isValid()}>
          <Trans>Créer mon compte</Trans>
        </Button>
        <LazySocialButtons nextPage={nextPage} />
        <Group justify="center" gap={6}>
          <Text size="sm">
            <Trans>Vous avez déjà un compte ?</Trans>
          </Text>
          <Anchor renderRoot={(props) => <Link to="/login" search={{ nextPage }} {...props} />} size="sm" fw={600}>
            <Trans>Se connecter</Trans>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
