/**
 * The portal's phone app is the web app in a native wrapper, which names itself and its version
 * in the user agent: `… SabahPortalApp/1.4.2`. Apart from the site settings' schema so that the
 * shell can compare versions without zod.
 */
const wrapperMark = /\bSabahPortalApp\/(\d{1,4}(?:\.\d{1,4}){0,2})\b/;

/** The installed app's version, or undefined in a plain browser. */
export function appVersionOf(userAgent: string): string | undefined {
  return wrapperMark.exec(userAgent)?.[1];
}

/** Whether an installed app's version is older than the newest, part by part (1.10 > 1.9). */
export function isOutdated(installed: string, newest: string): boolean {
  const parts = (version: string) => version.split('.').map(Number);
  const [a, b] = [parts(installed), parts(newest)];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}
