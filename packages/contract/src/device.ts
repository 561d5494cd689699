/**
 * Which user agents are phones and tablets (docs/product.md §2, Shell): the web sends them to the H5
 * site, and the server starts loading the H5 shell with the page (docs/decisions/013-first-paint.md).
 * One rule for both sides, so the server never preloads the shell the page will not use.
 */
export const MOBILE_USER_AGENT =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS|MicroMessenger/i;

/** Whether a `User-Agent` header value is a phone's or a tablet's (an absent one is not). */
export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return !!userAgent && MOBILE_USER_AGENT.test(userAgent);
}
