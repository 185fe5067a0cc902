import { useEffect, useState } from "react";

/**
 * What the cook chose in a controlled field, shown from the click itself until the server's
 * value agrees (or the save fails and `choose(null)` gives it up). Without it the field springs
 * back until the save's pending state, and again until the refetched value, reach React.
 */
export function useChosen<T>(server: T): [T, (value: T | null) => void] {
  const [chosen, setChosen] = useState<T | null>(null);
  useEffect(() => {
    if (chosen !== null && chosen === server) setChosen(null);
  }, [chosen, server]);
  return [chosen ?? server, setChosen];
}
