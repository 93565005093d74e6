import { z } from "zod";
import { pagedSchema } from "./common";
import { CALL_ENTITY_TYPES, CALL_FEEDBACK_ISSUES, CALL_MESSAGES, CALL_OUTCOMES, CALL_VIA } from "./call-constants";

export * from "./call-constants";

const entityId = z.coerce
  .number({ error: "Choose whom to call." })
  .int("Choose whom to call.")
  .positive("Choose whom to call.")
  .max(2147483647, "Choose whom to call.");
const entityType = z.enum(CALL_ENTITY_TYPES, { error: CALL_MESSAGES.entityType });

/** The initiate-call request (spec: an entity id and an entity type). */
export const initiateCallBodySchema = z.object({ entity_id: entityId, entity_type: entityType });
export type InitiateCallBody = z.infer<typeof initiateCallBodySchema>;

/** POST /phone/{entityType}/{entityId}: the spec's other wrapper of the same request. */
export const phoneParamsSchema = z.object({ entityType: entityType, entityId: entityId });

/** A call started with the device's own dialler (tel: link): recorded, nothing else. */
export const recordCallBodySchema = initiateCallBodySchema;

export const phoneCallRefSchema = z.object({ id: z.number().int(), name: z.string(), to: z.string() });

/** The initiate-call answer: a voice access token and the call (spec: data.access_token, data.phone_call). */
export const initiateCallAnswerSchema = z.object({
  data: z.object({
    access_token: z.string(),
    /** "sandbox": the token is for the sandbox device; "twilio": for Twilio Voice. */
    provider: z.enum(["sandbox", "twilio"]),
    expires_at: z.string(),
    phone_call: phoneCallRefSchema,
  }),
});
export type InitiateCallAnswer = z.infer<typeof initiateCallAnswerSchema>;

export const phoneCallSchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(CALL_ENTITY_TYPES),
  entity_id: z.number().int(),
  name: z.string(),
  to: z.string(),
  via: z.enum(CALL_VIA),
  provider: z.string(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  error_code: z.number().int().nullable(),
  feedback_score: z.number().int().nullable(),
  feedback_issue: z.enum(CALL_FEEDBACK_ISSUES).nullable(),
  caller: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PhoneCall = z.infer<typeof phoneCallSchema>;
export const phoneCallListSchema = pagedSchema(phoneCallSchema);

export const callFeedbackBodySchema = z.object({
  score: z.coerce.number({ error: CALL_MESSAGES.score }).int(CALL_MESSAGES.score).min(1, CALL_MESSAGES.score).max(5, CALL_MESSAGES.score),
  issue: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CALL_FEEDBACK_ISSUES, { error: CALL_MESSAGES.issue }).optional()),
});

/** One event of a sandbox call as the sandbox device in the browser follows it. */
export const sandboxCallEventSchema = z.object({
  type: z.enum(["accept", "connect", "disconnect", "cancel", "reject", "error"]),
  at_ms: z.number().int(),
  code: z.number().int().optional(),
});
export const sandboxCallStateSchema = z.object({
  data: z.object({ events: z.array(sandboxCallEventSchema), ended: z.boolean(), elapsed_ms: z.number().int() }),
});
export type SandboxCallEvent = z.infer<typeof sandboxCallEventSchema>;
