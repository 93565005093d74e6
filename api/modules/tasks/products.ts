import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { TASK_PRODUCT_SORTS, type TaskProduct, type TaskProductBody } from "#contract/tasks";
import type { Database, Db } from "#api/db/client";
import { taskProducts, taskProductTypes, tasks, type ActivityChange } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import { likeEscape, offsetOf, sortOf, textFilter } from "#api/http/paging";
import { logActivity } from "./activity";
import { assertTask, toProduct, type Actor } from "./service";

type ProductRow = typeof taskProducts.$inferSelect;

async function typeName(db: Db, typeId: number): Promise<string> {
  const [t] = await db.select({ name: taskProductTypes.name }).from(taskProductTypes).where(eq(taskProductTypes.id, typeId)).limit(1);
  if (!t) throw invalid({ task_product_type_id: ["Choose a product type from the list."] });
  return t.name;
}

async function findProduct(db: Db, tenantId: number, taskId: number, productId: number): Promise<{ product: ProductRow; typeName: string }> {
  const [row] = await db
    .select({ product: taskProducts, typeName: taskProductTypes.name })
    .from(taskProducts)
    .innerJoin(taskProductTypes, eq(taskProductTypes.id, taskProducts.taskProductTypeId))
    .where(and(eq(taskProducts.tenantId, tenantId), eq(taskProducts.taskId, taskId), eq(taskProducts.id, productId)))
    .limit(1);
  if (!row) throw notFound("Task product");
  return row;
}

export async function listProductsOfTask(db: Db, tenantId: number, taskId: number): Promise<TaskProduct[]> {
  await assertTask(db, tenantId, taskId);
  const rows = await db
    .select({ product: taskProducts, typeName: taskProductTypes.name })
    .from(taskProducts)
    .innerJoin(taskProductTypes, eq(taskProductTypes.id, taskProducts.taskProductTypeId))
    .where(and(eq(taskProducts.tenantId, tenantId), eq(taskProducts.taskId, taskId)))
    .orderBy(asc(taskProducts.id));
  return rows.map((r) => toProduct(r.product, r.typeName));
}

export async function getProduct(db: Db, tenantId: number, taskId: number, productId: number): Promise<TaskProduct> {
  await assertTask(db, tenantId, taskId);
  const { product, typeName: name } = await findProduct(db, tenantId, taskId, productId);
  return toProduct(product, name);
}

const columns = (b: TaskProductBody) => ({
  taskProductTypeId: b.task_product_type_id,
  name: b.name,
  providerName: b.provider_name ?? null,
  premium: b.premium.toFixed(2),
  commission: b.commission.toFixed(2),
  commissionRate: b.commission_rate === null || b.commission_rate === undefined ? null : b.commission_rate.toFixed(2),
  startDate: b.start_date ?? null,
  notes: b.notes ?? null,
});

const productRef = (p: { id: number; name: string }, side: "old" | "new"): ActivityChange =>
  side === "new" ? { old: null, new: p.id, old_label: null, new_label: p.name } : { old: p.id, new: null, old_label: p.name, new_label: null };

export async function createProduct(database: Database, actor: Actor, taskId: number, body: TaskProductBody): Promise<TaskProduct> {
  const { db } = database;
  await assertTask(db, actor.tenantId, taskId);
  const name = await typeName(db, body.task_product_type_id);
  const row = await database.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(taskProducts)
      .values({ tenantId: actor.tenantId, taskId, ...columns(body) })
      .returning();
    await tx.update(tasks).set({ updatedAt: new Date() }).where(eq(tasks.id, taskId));
    await logActivity(tx, [
      {
        tenantId: actor.tenantId,
        subjectType: "task",
        subjectId: taskId,
        userId: actor.userId,
        action: "product_added",
        changes: { product: productRef(inserted, "new") },
      },
    ]);
    return inserted;
  });
  return toProduct(row, name);
}

export async function updateProduct(database: Database, actor: Actor, taskId: number, productId: number, body: TaskProductBody): Promise<TaskProduct> {
  const { db } = database;
  await assertTask(db, actor.tenantId, taskId);
  const { product: current } = await findProduct(db, actor.tenantId, taskId, productId);
  const name = await typeName(db, body.task_product_type_id);
  const next = columns(body);
  const changes: Record<string, ActivityChange> = {};
  const before: Record<string, unknown> = {
    task_product_type_id: current.taskProductTypeId,
    name: current.name,
    provider_name: current.providerName,
    premium: Number(current.premium),
    commission: Number(current.commission),
    commission_rate: current.commissionRate === null ? null : Number(current.commissionRate),
    start_date: current.startDate,
    notes: current.notes,
  };
  const after: Record<string, unknown> = {
    task_product_type_id: next.taskProductTypeId,
    name: next.name,
    provider_name: next.providerName,
    premium: body.premium,
    commission: body.commission,
    commission_rate: body.commission_rate ?? null,
    start_date: next.startDate,
    notes: next.notes,
  };
  for (const k of Object.keys(before)) if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) changes[k] = { old: before[k], new: after[k] };
  const row = await database.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskProducts)
      .set({ ...next, updatedAt: new Date() })
      .where(and(eq(taskProducts.tenantId, actor.tenantId), eq(taskProducts.id, productId)))
      .returning();
    if (Object.keys(changes).length) {
      await tx.update(tasks).set({ updatedAt: new Date() }).where(eq(tasks.id, taskId));
      await logActivity(tx, [
        {
          tenantId: actor.tenantId,
          subjectType: "task",
          subjectId: taskId,
          userId: actor.userId,
          action: "product_updated",
          changes: { product: { old: productId, new: productId, old_label: current.name, new_label: updated.name }, ...changes },
        },
      ]);
    }
    return updated;
  });
  return toProduct(row, name);
}

export async function deleteProduct(database: Database, actor: Actor, taskId: number, productId: number) {
  const { db } = database;
  await assertTask(db, actor.tenantId, taskId);
  const { product } = await findProduct(db, actor.tenantId, taskId, productId);
  await database.transaction(async (tx) => {
    await tx.delete(taskProducts).where(and(eq(taskProducts.tenantId, actor.tenantId), eq(taskProducts.id, productId)));
    await tx.update(tasks).set({ updatedAt: new Date() }).where(eq(tasks.id, taskId));
    await logActivity(tx, [
      {
        tenantId: actor.tenantId,
        subjectType: "task",
        subjectId: taskId,
        userId: actor.userId,
        action: "product_removed",
        changes: { product: productRef(product, "old") },
      },
    ]);
  });
}

/** GET /task-products: every task product of the company, with its task; paged, searchable, sortable. */
export async function listAllProducts(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const taskId = idFilter(query, "task_id");
  const typeId = idFilter(query, "task_product_type_id");
  const where = and(
    eq(taskProducts.tenantId, tenantId),
    taskId ? eq(taskProducts.taskId, taskId) : undefined,
    typeId ? eq(taskProducts.taskProductTypeId, typeId) : undefined,
    search ? ilike(taskProducts.name, `%${likeEscape(search)}%`) : undefined,
  );
  const sort = sortOf(query, TASK_PRODUCT_SORTS) ?? { field: "created_at" as const, desc: true };
  const column = {
    name: sql`lower(${taskProducts.name})`,
    premium: sql`${taskProducts.premium}`,
    commission: sql`${taskProducts.commission}`,
    created_at: sql`${taskProducts.createdAt}`,
  }[sort.field];
  const dir = (c: typeof column | typeof taskProducts.id) => (sort.desc ? desc(c) : asc(c));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ product: taskProducts, typeName: taskProductTypes.name, taskName: tasks.name })
      .from(taskProducts)
      .innerJoin(taskProductTypes, eq(taskProductTypes.id, taskProducts.taskProductTypeId))
      .innerJoin(tasks, eq(tasks.id, taskProducts.taskId))
      .where(where)
      .orderBy(dir(column), dir(taskProducts.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(taskProducts).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...toProduct(r.product, r.typeName), task: { id: r.product.taskId, name: r.taskName } })), total };
}
