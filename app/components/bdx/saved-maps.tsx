import { Link } from "@remix-run/react";
import type { BdxMapRow } from "#contract/bdx";
import { formatDateTime } from "#common/format";
import { island, islandPart } from "#app/lib/island";
import { confirmDialogOnServer } from "../confirm-dialog.server";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer } from "../form/form-answer";
import { EmptyState } from "../ui/empty-state";
import { BDX_IMPORT_PATH as back } from "./bdx-import";

// The confirmation (with the dialog library) is an island: fetched when a map's Delete is asked, so the import page's
// first-load JavaScript does not carry it.
const ConfirmDialog = islandPart(
  island(() => import("../confirm-dialog"), confirmDialogOnServer),
  (m) => m.ConfirmDialog,
);

/**
 * The company's saved maps: each renamed in place (form `rename-map`, its refusal beside the map it names), or deleted
 * after a confirmation (`?delete_map={id}`: the page asks first, with or without JavaScript; form `delete-map`). A map
 * an unfinished import is using is kept, the mapper's reason shown above the list.
 */
export function SavedMaps({ maps, deleting, canManage }: { maps: BdxMapRow[]; deleting: BdxMapRow | null; canManage: boolean }) {
  const renamed = formReading(useFormAnswer("rename-map")?.form.result);
  const deleted = formReading(useFormAnswer("delete-map")?.form.result);
  return (
    <section className="mt-8" aria-labelledby="bdx-maps-heading">
      <h2 id="bdx-maps-heading" className="mb-2 text-lg font-semibold">
        Saved maps
      </h2>
      {deleting ? (
        <ConfirmDialog
          title={`Delete the map “${deleting.name}”?`}
          message="Imports made with it keep their columns; the map can no longer be chosen for a new import."
          cancelTo={back}
          confirmLabel="Delete map"
          action={back}
          fields={{ intent: "delete-map", map_id: String(deleting.mapId) }}
        />
      ) : null}
      <FormAlert messages={deleted.top} />
      {maps.length === 0 ? (
        <EmptyState compact icon="folder-open" title="No saved maps yet.">
          A map is saved from the mapping step, under a name.
        </EmptyState>
      ) : (
        <table className="w-full max-w-4xl text-left text-sm">
          <caption className="sr-only">Saved maps</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Fields</th>
              <th scope="col">Saved</th>
              {canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {maps.map((m) => {
              // The rename refused is this map's when the answer names it.
              const mine = renamed.answered && renamed.value("map_id", "") === String(m.mapId);
              const nameError = mine ? (renamed.err("name") ?? renamed.top) : undefined;
              return (
                <tr key={m.mapId} className="border-t border-slate-200 align-top">
                  <td className="py-1">{m.name}</td>
                  <td>{Object.keys(m.map).length}</td>
                  <td>{formatDateTime(m.created_at)}</td>
                  {canManage ? (
                    <td className="py-1">
                      <Form method="post" action={back} className="flex flex-wrap items-start gap-2">
                        <input type="hidden" name="intent" value="rename-map" />
                        <input type="hidden" name="map_id" value={m.mapId} />
                        <div>
                          <label htmlFor={`bdx-map-rename-${m.mapId}`} className="sr-only">
                            {`New name for ${m.name}`}
                          </label>
                          <input
                            id={`bdx-map-rename-${m.mapId}`}
                            name="name"
                            defaultValue={mine ? renamed.value("name", m.name) : m.name}
                            className="field-input"
                            aria-invalid={nameError ? true : undefined}
                            aria-describedby={`bdx-map-rename-${m.mapId}-error`}
                          />
                          <p id={`bdx-map-rename-${m.mapId}-error`} className="field-error">
                            {nameError?.join(" ")}
                          </p>
                        </div>
                        <button type="submit" className="btn-secondary">
                          Rename
                        </button>
                        <Link to={`${back}?delete_map=${m.mapId}`} className="btn-secondary text-red-700" aria-label={`Delete the map ${m.name}`}>
                          Delete
                        </Link>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
