/** The repository's root directory, for Node code that reads or runs the repo's files. */
export const ROOT = new URL("../../", import.meta.url).pathname;
