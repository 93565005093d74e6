/** Ids in addresses and list filters. */
import { z } from "zod";
import type { ListQuery } from "#contract/common";
import { isIdText } from "#common/ids";
import { idField } from "#contract/ids";
import { invalid } from "./errors";
import { textFilter } from "./paging";

/** An id in the path (`/:id`): anything but a positive whole number names nothing (404). */
export const pathId = idField("Not found.");

/** `/:id` params. */
export const idParams = z.object({ id: pathId });

/** A filter holding an id (filter[company_id]=12), the first of the keys given; anything else answers 422 on that filter. */
export function idFilter(query: ListQuery, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const v = textFilter(query, key);
    if (v === undefined) continue;
    if (!isIdText(v)) throw invalid({ [`filter.${key}`]: ["Choose a valid id."] });
    return Number(v);
  }
  return undefined;
}
