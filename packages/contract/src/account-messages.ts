import { MIN_REGISTRATION_AGE, PASSWORD_MIN_LENGTH } from "./limits.ts";
import { countOf } from "./plural.ts";

/*
 * Messages of the account screens: login, registration, codes, password reset, log-out and
 * account deletion.
 */

export const LOGIN = {
  phoneRequired: "Phone number is required",
  passwordRequired: "Password is required",
  success: "Login successful",
  failure: "Something went wrong, please try again",
} as const;

export const REGISTER = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  usernameRequired: "Username is required",
  usernameNoSpaces: "Username cannot contain spaces",
  dateOfBirthRequired: "Date of birth is required",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  tooYoung: `You must be at least ${MIN_REGISTRATION_AGE} years old`,
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  phoneRequired: "Phone number is required",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  success: "Registration successful, please verify your phone number",
  failure: "Registration failed, please try again",
} as const;

export const RESET = {
  newPasswordRequired: "New password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  /** The hint under every field where a password is chosen (registration, join, reset, change). */
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&.`,
  passwordRule:
    "Password must contain at least one uppercase letter, one lowercase letter, one number and one special character",
  confirmRequired: "Please confirm your password",
  mismatch: "Passwords do not match",
  success: "Password reset successfully!",
  failure: "Failed to reset password. Please try again.",
  missingData: "Missing required information. Please start the reset process again.",
} as const;

export const OTP = {
  sent: "OTP sent successfully",
  sendFailed: "Failed to send OTP. Please try again.",
  verified: "Verification successful",
  verifyFailed: "Verification failed. Please try again.",
  resendFailed: "Failed to resend OTP",
  phoneMissingToast: "Phone number is missing",
  phoneMissing: "Phone number is missing. Please go back to the previous step.",
  heading: "We have sent an SMS",
} as const;

export const DELETION = {
  submittedTitle: "Request Submitted",
} as const;

/** Answers of the account API: conflicts, refusals, confirmations. */
export const AUTH = {
  /** The question of the log-out dialog, on every page of the player area. */
  logoutConfirm: "Are you sure you want to logout?",
  phoneTaken: "This phone number is already registered. Log in or reset your password.",
  usernameTaken: "This username is already taken. Please choose another one.",
  emailTaken: "This e-mail address is already registered. Log in or use another address.",
  registered: "Registration successful, please verify your phone number",
  loginFailed: "The phone number or password is incorrect.",
  phoneNotVerified:
    "Your phone number is not verified yet. Enter the code we sent you by SMS to finish your registration.",
  codeSent: "OTP sent successfully",
  codeInvalid: "The code is wrong or has expired. Check the SMS or request a new code.",
  codeLocked: "Too many wrong codes. Please request a new code.",
  phoneVerified: "Verification successful. You can now log in.",
  codeVerified: "Verification successful",
  resendTooSoon: (seconds: number) => `Please wait ${countOf(seconds, "second")} before requesting a new code.`,
  tooManyCodes: (minutes: number) =>
    `Too many codes were sent to this number. Please try again in ${countOf(minutes, "minute")}.`,
  smsFailed: "We could not send the SMS right now. Your details are saved: please try again in a moment.",
  resetTokenInvalid: "This password reset has expired or was already used. Please start the reset process again.",
  passwordReset: "Password reset successfully!",
  passwordChanged: "Your password has been changed.",
  currentPasswordWrong: "Your current password is incorrect.",
  loggedOut: "You have been logged out.",
  loggedOutEverywhere: "You have been logged out on all devices.",
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${countOf(minutes, "minute")}.`,
  /**
   * A second registration for a number whose registration code is still open. It names no detail
   * of the waiting registration, and reads the same whoever asks.
   */
  registrationPending: (minutes: number) =>
    `A registration for this number is waiting for the SMS code we sent. If it is yours, enter that code. If not, please try again in ${countOf(minutes, "minute")}.`,
  /** The per-number ceiling of wrong passwords (from many addresses) is reached. */
  tooManyWrongPasswords:
    "Too many wrong passwords have been tried for this number. To log in now, reset your password by SMS; otherwise try again later.",
  /** verifyGeneralOtp with the e-mail of a registration that has since been replaced. */
  registrationChanged:
    "This number was registered again with other details, so this code cannot finish your registration. Please sign up again.",
} as const;

/** Texts of the account screens: headings, hints, dialogs. */
export const AUTH_SCREENS = {
  /**
   * Under the login's toast ("Something went wrong, please try again"), the page says why, as
   * the explanation of that one failure rather than a second error.
   */
  loginFailureReason: (reason: string) => `What went wrong: ${reason}`,
  resendIn: (seconds: number) => `You can request a new code in ${countOf(seconds, "second")}.`,
  sessionCheckFailed: "We could not check whether you are logged in. Check your connection and try again.",
  logoutFailed: "You could not be logged out. Check your connection and try again.",
  logoutEverywhereFailed: "You could not be logged out of all devices. Please try again.",
  changePasswordFailed: "Your password could not be changed. Please try again.",
  deletionRequested: (days: number) =>
    `We have received your request. Your account will be deleted within ${countOf(days, "day")}, and we will e-mail you when it is done.`,
  /** Settings opened again while the request waits to be processed. */
  deletionPending: (date: string) =>
    `Your request to delete your account is waiting to be processed. Your account will be deleted by ${date}, and we will e-mail you when it is done.`,
} as const;

/** Answers of the upload, media and profile API. */
