/**
 * A request's URL as the log may keep it: the value of a `token` in the query (a password
 * reset link's, issue 26) is replaced, so that whoever reads the logs cannot use it.
 */
export const urlForLog = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, "$1[hidden]");
