// The workstation's pages come from its own privileged scheme (or from Vite in development);
// every security rule below asks this module whether a URL is one of them.
export const APP_SCHEME = 'app';
export const APP_HOST = 'workstation';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The renderer is built with Vite `base: '/staff/'`, the same path the API serves it at. */
export const APP_START_PATH = '/staff/';

export function createAppOriginCheck(devServerUrl: string | undefined): (url: string) => boolean {
  const allowedOrigins = new Set([APP_ORIGIN]);
  if (devServerUrl !== undefined) allowedOrigins.add(originOf(devServerUrl));
  return (url) => {
    try {
      return allowedOrigins.has(originOf(url));
    } catch {
      return false;
    }
  };
}

// Node's URL gives the origin "null" for schemes it does not know (like ours), so compare
// scheme and host instead.
function originOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
