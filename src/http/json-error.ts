/** The site's functions' refusals: `{ error: { code, message } }` with its HTTP status. */
export const jsonError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message } }, { status, headers });
