import { createElement, Suspense, type ComponentType, type ReactNode } from "react";
import { isAppHydrated } from "./use-hydrated";

export interface Island<M> {
  /** The island's module; in the browser, until its chunk has arrived, throws the promise of it (the part suspends). */
  read(): M;
  /** Starts fetching the chunk (once). */
  preload(): Promise<M>;
}

/**
 * A part of a page that the server renders in full and the browser fetches as a chunk of its own, after the
 * page's first-load JavaScript: rendered inside a <Suspense> boundary, it stays server HTML (links and forms
 * working as they do without JavaScript) until its chunk arrives, and React then hydrates it (selective
 * hydration). On a client-side navigation the chunk is fetched as soon as the route module loads, beside the
 * route's data, so the boundary's fallback is seldom seen.
 *
 * `onServer` is the module itself on the server and undefined in the browser: pass the export of a `.server`
 * module that re-exports it (Remix empties `.server` modules in the browser build), so the server never suspends
 * (without JavaScript the streamed content would never be revealed) and the browser bundle holds only `load`.
 */
export function island<M>(load: () => Promise<M>, onServer: M | undefined): Island<M> {
  let loaded = onServer;
  let pending: Promise<M> | undefined;
  let failed: { error: unknown } | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        // Thrown to the route's error boundary once; a later render tries again.
        failed = { error };
        pending = undefined;
        throw error;
      },
    ));
  if (loaded === undefined && typeof document !== "undefined" && isAppHydrated()) void preload().catch(() => undefined);
  return {
    preload,
    read() {
      if (loaded !== undefined) return loaded;
      if (failed) {
        const { error } = failed;
        failed = undefined;
        throw error;
      }
      throw preload();
    },
  };
}

/**
 * One component of an island's module as a component of the page, drawn inside a Suspense boundary of its own
 * (`fallback` in its place on a client-side navigation until the chunk has arrived: nothing unless given).
 */
export function islandPart<M, P extends object>(of: Island<M>, pick: (m: M) => ComponentType<P>, fallback: ReactNode = null): ComponentType<P> {
  function Part(props: P) {
    return createElement(pick(of.read()), props);
  }
  return function IslandPart(props: P) {
    return createElement(Suspense, { fallback }, createElement(Part, props));
  };
}
