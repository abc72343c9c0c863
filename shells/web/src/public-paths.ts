/**
 * The addresses of the pages open without a session, apart from the pages themselves: the shell routes
 * to them and links them without loading their code, which comes when one of them is first opened.
 */
/** The invitation link in the e-mail: `/sign-up?email=…&token=…`. */
export const SIGN_UP_PATH = '/sign-up';
/** Where "Forgot password?" leads, and where the e-mail's link opens. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
