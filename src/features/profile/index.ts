/**
 * What other screens compose from the profile feature (route files only: features never import each other).
 * The e-mail gate of live sessions (SPEC §5), see components/EmailGate.tsx.
 */
;
;
export {  useEmailGate } from "./components/EmailGate";
/** The add-parent-phone modal (SPEC §5; open it when `shouldAskParentPhone(me)` of domain/profile.ts; on 200 go to /subjects). */
;
