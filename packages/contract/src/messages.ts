/**
 * Every user-facing message of the product in one place, the published ones word for word: this
 * module gathers the area modules, so a page's bundle carries only the areas it shows. Groups are
 * named by screen or subject; extra-messages.ts holds the ones added beyond the published wording.
 */
export { AUTH, AUTH_SCREENS, DELETION, LOGIN, OTP, REGISTER, RESET } from "./account-messages.ts";
export {
  ACCOUNT_DELETION,
  CONTACT,
  FIELD,
  INPUT,
  OFFLINE,
  PROFILE_CHECKS,
  PROFILE_REVIEW,
  REQUEST_FAILED,
} from "./extra-messages.ts";
export { daysLeftText, MEDIA, PROFILE_FORM, PROFILE_PAGE, UPLOAD_TOASTS, VIDEO_FILE } from "./profile-messages.ts";
export { ADMIN, ADMIN_CONSOLE } from "./staff-messages.ts";
export { TALENT } from "./talent-messages.ts";
export { PROFILE_EDIT } from "./profile-edit-messages.ts";
export { AGE_CHECK } from "./age-messages.ts";
export { COACH, COACH_CONSOLE, COACH_PAGE, COACH_PRIVACY } from "./coach-messages.ts";
export { PRIVACY } from "./privacy-messages.ts";
