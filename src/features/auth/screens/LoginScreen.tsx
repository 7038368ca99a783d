import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoginSchema } from "@domain/schemas/login";
import { homeAfterLogin } from "@domain/guards";
import { ApiRequestError } from "@/lib/api";
import { PasswordField } from "@/components/PasswordField";
import { useSchemaForm } from "@/lib/forms";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { LazySocialButtons } from "../components/LazySocialButtons";
import { useLoginMutation } from "../api/login";
import { useBotCheck } from "../components/useBotCheck";
import { useResultToast } from "../components/useResultToast";
import { rememberLoginQuery, signIn } from "../session";

export function LoginScreen({ nextPage }: { nextPage?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Connexion`);
  const navigate = useNavigate();
  const login = useLoginMutation();
  const bot = useBotCheck();
  const toast = useResultToast();
  const { form, field, isValid } = useSchemaForm(LoginSchema, { initialValues: { username: "", password: "" } });

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await login.mutateAsync({ ...values, "g-recaptcha-response": await bot.token() });
      bot.prepare();
      if (result.redirect) {
        window.location.assign(result.redirect);
        return;
      }
      signIn(result.token, result.expires_at);
      rememberLoginQuery(nextPage);
      toast.success(t`Connexion réussie`);
      await navigate({ href: homeAfterLogin(nextPage) });
    } catch (err) {
      bot.prepare();
      if (err instanceof ApiRequestError && err.code === "invalid_credentials") {
        // Both fields turn red, without text under them (SPEC §5).
        form.setErrors({ username: " ", password: " " });
      } else if (err instanceof ApiRequestError && err.code === "password_expired") {
        await navigate({ to: "/password-expired", search: { credential: values.username } });
        return;
      }
      toast.error(err);
    }
  });


  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormHeader title={<Trans>Connexion</Trans>}>
          <Trans>Bienvenue sur Darsi : reprenez vos cours là où vous les avez laissés.</Trans>
        </FormHeader>
        <TextInput
          label={t`E-mail ou numéro de téléphone`}
          placeholder={t`ex. 22 123 456 ou nom@exemple.tn`}
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          required
          {...field("username")}
        />
        <PasswordField
          label={t`Mot de passe`}
          autoComplete="current-password"
          required
          {...field("password")}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/create/reset-password" size="sm">
            <Trans>Mot de passe oublié ?</Trans>
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending || !isValid()}>
          <Trans>Se connecter</Trans>
        </Button>
        <LazySocialButtons nextPage={nextPage} />
        <Text size="sm" ta="center">
          <Trans>Pas encore de compte ?</Trans>{" "}
          <Anchor renderRoot={(props) => <Link to="/register" search={{ nextPage }} {...props} />} fw={600}>
            <Trans>Créer un compte</Trans>
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
