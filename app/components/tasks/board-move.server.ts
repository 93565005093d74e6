/**
 * A board card's move, parsed on the server. A module of its own so the browser never loads it: an import of
 * zod in the route module, even one only its action uses, keeps zod (about 90 KB gzip) in the board's first-load
 * JavaScript (the bundler still imports a shared chunk for an import it has dropped).
 */
import { z } from "zod";

const moveSchema = z.object({ task_id: z.string().regex(/^\d+$/), pipeline_id: z.string().regex(/^\d+$/), pipeline_stage_id: z.string().regex(/^\d+$/) });

/** The task, pipeline and stage of a move, or null when one is missing or not an id. */
export function parseBoardMove(form: FormData) {
  const parsed = moveSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? parsed.data : null;
}
