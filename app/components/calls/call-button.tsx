import { CALL_EVENT, type CallDetail } from "./call-host";

/**
 * Call: without JavaScript a form that records the call and opens the device's dialler (tel:); with JavaScript
 * the frame's call panel (a client island loaded on this click) places the call from the browser.
 */
export function CallButton({ entityType, entityId, name, telephone, from }: CallDetail & { telephone: string | null; from: string }) {
  if (!telephone?.trim()) return null;
  return (
    <form
      method="post"
      action="/calls/dial"
      className="inline"
      onSubmit={(event) => {
        event.preventDefault();
        window.dispatchEvent(new CustomEvent<CallDetail>(CALL_EVENT, { detail: { entityType, entityId, name } }));
      }}
    >
      <input type="hidden" name="entity_type" value={entityType} />
      <input type="hidden" name="entity_id" value={entityId} />
      <input type="hidden" name="from" value={from} />
      <button type="submit" className="btn-secondary" data-call-button aria-label={`Call ${name} on ${telephone}`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mr-1.5 h-4 w-4">
          <path d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.15a1.5 1.5 0 0 1 1.46 1.16l.5 2.16a1.5 1.5 0 0 1-.65 1.6l-.8.53a10.5 10.5 0 0 0 5.39 5.39l.53-.8a1.5 1.5 0 0 1 1.6-.65l2.16.5A1.5 1.5 0 0 1 18 13.35v1.15A1.5 1.5 0 0 1 16.5 16h-1A13.5 13.5 0 0 1 2 4.5v-1Z" />
        </svg>
        Call
      </button>
    </form>
  );
}
