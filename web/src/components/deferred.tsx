import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component whose code is its own chunk, fetched after the page is usable (issue 15 §5: every
 * route's first load ≤ 150 KiB): `Placeholder`, given the same props, stands in its place until
 * the code has arrived. Rendering starts the download; `preload` starts it earlier, when the page
 * mounts, for a component shown only once something else has loaded. `load={false}` holds it
 * back (the placeholder shows, nothing is fetched) until a condition holds, such as the control
 * being on screen (`useSeenOnScreen`). A failed preload (the network dropped) is tried again
 * when the component renders.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P>,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Loaded = lazy(preload);
  function Deferred({ load = true, ...rest }: P & { load?: boolean }) {
    const props = rest as P;
    if (!load) return <Placeholder {...props} />;
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload });
}
