import { z } from "zod";
import { pageMetaSchema } from "./common";

/** The spec's page size of the notifications panel. */
export const NOTIFICATIONS_PAGE_SIZE = 4;
/** The largest page a client may ask for. */
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** GET /notification: page[number], page[size] (default 4). */
export const notificationListQuerySchema = z.object({
  page: z
    .object({
      number: z.coerce.number({ error: "Page number must be a number." }).int().min(1, "Page number must be at least 1.").max(1_000_000).default(1),
      size: z.coerce
        .number({ error: "Page size must be a number." })
        .int()
        .min(1, "Page size must be at least 1.")
        .max(NOTIFICATIONS_MAX_PAGE_SIZE, `Page size may be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}.`)
        .default(NOTIFICATIONS_PAGE_SIZE),
    })
    .default({ number: 1, size: NOTIFICATIONS_PAGE_SIZE }),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationDataSchema = z.object({
  title: z.string(),
  desc: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});

/** A notification: id, read_at (null while unread), created_at, data { title, desc, image, link }. */
export const notificationSchema = z.object({
  id: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notification answers `items` (newest first) and the page meta. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  meta: pageMetaSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /notification/count answers the number of unread notifications as `new`. */
export const notificationCountSchema = z.object({ new: z.number().int().min(0) });

/**
 * GET /notification/count?max=N counts up to N and answers at most N: the bell shows '99+' from 100, so
 * it asks for 100 and a user with a long unread history costs an index probe, not a count of it all.
 */
export const notificationCountQuerySchema = z.object({
  max: z.coerce
    .number({ error: "max must be a number." })
    .int("max must be a whole number.")
    .min(1, "max must be at least 1.")
    .max(1_000_000, "max must be at most 1,000,000.")
    .optional(),
});
/** What the bell asks for: its badge reads '99+' from 100. */
export const BADGE_COUNT_MAX = 100;

export const notificationEnvelopeSchema = z.object({ data: notificationSchema });

/** POST /notification/read (mark all read): how many were marked, and the new unread count (0). */
export const markAllReadSchema = z.object({ updated: z.number().int().min(0), new: z.number().int().min(0) });
