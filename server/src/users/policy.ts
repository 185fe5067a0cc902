// THE ONE HOME of who may follow whom. Any signed-in cook may follow any cook but themselves;
// the follower and following lists and the settings are always the caller's own (each query
// is scoped to them), so there is nothing else to decide. Blocking would be a change here.

/** Whether the viewer may follow this cook: anyone but themselves. */
export function canFollow(viewer: { id: number }, followeeId: number): boolean {
  return viewer.id !== followeeId;
}
