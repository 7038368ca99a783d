import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ErrorCode } from "@domain/errors";
import { ApiRequestError } from "../api";

type Known = ErrorCode | "network_error" | "generic";

/** The user-facing text of every error and validation code (SPEC §5, §8). */
export const ERROR_MESSAGES: Record<Known, MessageDescriptor> = {
  generic: msg`Une erreur est survenue`,
  network_error: msg`Erreur réseau : vérifiez votre connexion`,
  validation_failed: msg`Vérifiez les champs du formulaire`,
  unauthorized: msg`Veuillez vous connecter`,
  forbidden: msg`Accès refusé`,
  not_found: msg`Introuvable`,
  conflict: msg`Cette action entre en conflit avec une autre`,
  rate_limited: msg`Trop de tentatives : réessayez dans quelques minutes`,
  server_error: msg`Une erreur s'est produite, veuillez réessayer ultérieurement`,
  bot_check_failed: msg`La vérification anti-robot a échoué, réessayez`,
  idempotency_conflict: msg`Cette demande a déjà été envoyée avec d'autres données`,
  id_invalid: msg`Identifiant invalide`,
  username_required: msg`Veuillez saisir votre adresse e-mail/numéro de téléphone`,
  username_invalid: msg`Veuillez saisir un numéro de téléphone/une adresse e-mail valide`,
  password_required: msg`Veuillez saisir votre mot de passe`,
  password_min: msg`Mot de passe minimum 8 caractères`,
  invalid_credentials: msg`Identifiants invalides`,
  name_required: msg`Veuillez saisir votre prénom`,
  name_invalid: msg`Le prénom doit contenir de 2 à 25 lettres`,
  last_name_required: msg`Veuillez saisir votre nom`,
  last_name_invalid: msg`Le nom doit contenir de 2 à 25 lettres`,
  phone_required: msg`Veuillez saisir votre numéro de téléphone`,
  phone_invalid: msg`Le champ numéro de téléphone est invalide`,
  email_required: msg`Veuillez saisir votre adresse e-mail`,
  email_invalid: msg`Adresse e-mail invalide`,
  birth_date_required: msg`Veuillez saisir votre date de naissance`,
  birth_date_invalid: msg`Date de naissance invalide (jj/mm/aaaa)`,
  birth_date_too_recent: msg`L'âge doit être d'au moins 5 ans`,
  password_length: msg`Le mot de passe doit contenir de 8 à 16 caractères`,
  password_too_long: msg`Le mot de passe est trop long : 16 caractères au maximum`,
  password_weak: msg`Le mot de passe doit contenir une majuscule, une minuscule, un chiffre et un caractère spécial`,
  password_repeated: msg`Le mot de passe ne doit pas répéter un même caractère plusieurs fois de suite`,
  password_mismatch: msg`Les mots de passe ne sont pas identiques`,
  new_password_mismatch: msg`Les nouveaux mot de passes ne sont pas identiques`,
  password_same_as_old: msg`Le nouveau mot de passe doit être différent de l'ancien`,
  old_password_required: msg`Veuillez saisir votre ancien mot de passe`,
  old_password_wrong: msg`Ancien mot de passe incorrect`,
  division_required: msg`Veuillez choisir votre classe`,
  division_invalid: msg`Classe inconnue`,
  state_required: msg`Veuillez choisir votre gouvernorat`,
  state_invalid: msg`Gouvernorat inconnu`,
  country_required: msg`Veuillez choisir votre pays`,
  country_invalid: msg`Pays inconnu`,
  optional_subject_invalid: msg`Matière optionnelle inconnue`,
  account_already_used: msg`Ces informations de compte sont déjà utilisées`,
  code_required: msg`Veuillez saisir le code`,
  code_invalid: msg`Code invalide`,
  code_expired: msg`Ce code a expiré : demandez-en un nouveau`,
  code_too_many_tries: msg`Trop d'essais : demandez un nouveau code`,
  already_verified: msg`Vous êtes vérifié`,
  credential_required: msg`Veuillez saisir votre adresse e-mail/numéro de téléphone`,
  credential_unknown: msg`Aucun compte ne correspond à ce numéro ou à cette adresse e-mail`,
  token_invalid: msg`Ce lien est invalide ou a expiré`,
  not_verified: msg`Votre compte n'est pas encore vérifié`,
  password_change_required: msg`Vous devez changer votre mot de passe`,
  profile_incomplete: msg`Veuillez compléter votre profil`,
  password_expired: msg`Votre mot de passe a expiré`,
  test_account: msg`Action impossible avec un compte de test`,
  slug_invalid: msg`Adresse invalide`,
  page_invalid: msg`Numéro de page invalide`,
  per_page_invalid: msg`Taille de page invalide : 10, 25 ou 100`,
  limit_invalid: msg`Nombre d’éléments invalide : de 1 à 12`,
  term_required: msg`Veuillez saisir un terme de recherche`,
  term_too_short: msg`Saisissez au moins 3 caractères`,
  term_too_long: msg`Le terme de recherche est trop long`,
  report_reason_required: msg`Veuillez choisir un motif`,
  report_reason_invalid: msg`Motif inconnu`,
  description_required: msg`Veuillez décrire le problème`,
  description_too_long: msg`La description est trop longue : 1000 caractères au maximum`,
  content_invalid: msg`Contenu introuvable`,
  idempotency_key_invalid: msg`Clé de requête invalide`,
  content_locked: msg`Vous devez débloquer d'abord ce cours`,
  quiz_token_invalid: msg`Votre session de quiz a expiré : rechargez la page`,
  quiz_answers_incomplete: msg`Répondez à toutes les questions`,
  quiz_answer_invalid: msg`Réponse invalide pour ce quiz`,
  reaction_type_invalid: msg`Réaction invalide`,
  payload_too_large: msg`La demande est trop volumineuse`,
  unsupported_media_type: msg`Format de demande non pris en charge`,
};

export function codeMessage(i18n: I18n, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const d = (ERROR_MESSAGES as Record<string, MessageDescriptor>)[code];
  return d ? i18n._(d) : undefined;
}

/**
 * The text to show for a failed call (SPEC §8): the first field error, else the code's message,
 * network and server failures with their own words, else "Une erreur est survenue".
 */
export function describeError(i18n: I18n, err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.isNetwork) return i18n._(ERROR_MESSAGES.network_error);
    const firstField = Object.values(err.errors).find((codes) => codes.length > 0)?.[0];
    return codeMessage(i18n, firstField) ?? codeMessage(i18n, err.code) ?? (err.status >= 500 ? i18n._(ERROR_MESSAGES.server_error) : i18n._(ERROR_MESSAGES.generic));
  }
  return i18n._(ERROR_MESSAGES.generic);
}
