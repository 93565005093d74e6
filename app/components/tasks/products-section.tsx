import { Link } from "@remix-run/react";
import type { Task, TaskProduct } from "#contract/tasks";
import { formatDate, formatMoney } from "#common/format";
import type { TaskTerms } from "#app/lib/task-terms";
import { DateInput } from "../form/date-input";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult, useLastResult } from "../form/form-result";
import { NumberInput } from "../form/number-input";
import { SelectField } from "../form/select-field";
import { Icon } from "../ui/icon";
import { SectionSubmit, text, type Option } from "./task-section";

/** A product's premium and provider, as the edition calls them. */
type ProductTerms = Pick<TaskTerms, "premium" | "provider">;

/** The task's products with their totals, and for a manager 'Add a product' (open while its form is refused). */
export function ProductsSection({
  task,
  products,
  productTypes,
  canManage,
  terms,
}: {
  task: Task;
  products: TaskProduct[];
  productTypes: Option[];
  canManage: boolean;
  terms: ProductTerms;
}) {
  const totals = products.reduce((t, p) => ({ premium: t.premium + p.premium, commission: t.commission + p.commission }), { premium: 0, commission: 0 });
  return (
    <>
      {products.length === 0 ? (
        <p className="text-sm text-slate-500">No products yet.</p>
      ) : (
        <div className="scroll-x">
          <table className="min-w-full text-sm" aria-label="Products">
            <thead className="text-left text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  {terms.provider}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {terms.premium}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Commission
                </th>
                <th scope="col" className="py-2 pr-3">
                  Start date
                </th>
                {canManage ? (
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3 font-medium">{p.name}</td>
                  <td className="py-2 pr-3">{p.product_type.name}</td>
                  <td className="py-2 pr-3">{p.provider_name ?? "—"}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(p.premium)}</td>
                  <td className="py-2 pr-3 text-right">
                    {formatMoney(p.commission)}
                    {p.commission_rate !== null ? <span className="block text-xs text-slate-500">{p.commission_rate}%</span> : null}
                  </td>
                  <td className="py-2 pr-3">{p.start_date ? formatDate(p.start_date) : "—"}</td>
                  {canManage ? (
                    <td className="py-2 text-right">
                      <Link
                        to={`/tasks/${task.id}/products/${p.id}/delete`}
                        preventScrollReset
                        className="btn-quiet btn-sm btn-icon text-red-700"
                        aria-label={`Remove ${p.name}`}
                        title={`Remove ${p.name}`}
                      >
                        <Icon name="trash-2" />
                      </Link>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-200 font-medium">
              <tr>
                <th scope="row" colSpan={3} className="py-2 pr-3 text-left">
                  Total
                </th>
                <td className="py-2 pr-3 text-right">{formatMoney(totals.premium)}</td>
                <td className="py-2 pr-3 text-right">{formatMoney(totals.commission)}</td>
                <td colSpan={canManage ? 2 : 1} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {canManage ? <AddProduct key={`products-${products.length}-${task.updated_at}`} productTypes={productTypes} terms={terms} /> : null}
    </>
  );
}

function AddProduct({ productTypes, terms }: { productTypes: Option[]; terms: ProductTerms }) {
  const refused = useLastResult("add-product") !== undefined;
  const [form, fields] = useFormResult("add-product");
  const value = (name: keyof typeof fields) => text(fields[name].initialValue);
  return (
    <details className="group mt-3 rounded-md bg-slate-50 px-4 py-3" open={refused || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-1.5 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
        <Icon name="plus" />
        Add a product
        <Icon name="chevron-down" className="ml-auto text-slate-400 transition-transform group-open:rotate-180" />
      </summary>
      <Form method="post" className="mt-3 space-y-1">
        <FormAlert messages={form.errors} />
        <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <SelectField
            id="product-type"
            name="task_product_type_id"
            label="Product type"
            required
            options={productTypes}
            placeholder="Choose a product type"
            defaultValue={value("task_product_type_id")}
            errors={fields.task_product_type_id.errors}
          />
          <Field id="product-name" name="name" label="Product name" required maxLength={255} defaultValue={value("name")} errors={fields.name.errors} />
          <Field
            id="product-provider"
            name="provider_name"
            label={terms.provider}
            maxLength={255}
            defaultValue={value("provider_name")}
            errors={fields.provider_name.errors}
          />
          <DateInput id="product-start" name="start_date" label="Start date" defaultValue={value("start_date")} errors={fields.start_date.errors} />
        </div>
        <div className="grid gap-x-3 sm:grid-cols-3">
          <NumberInput
            id="product-premium"
            name="premium"
            label={`${terms.premium} (£)`}
            min={0}
            decimals={2}
            allowNegative={false}
            defaultValue={value("premium")}
            errors={fields.premium.errors}
          />
          <NumberInput
            id="product-commission"
            name="commission"
            label="Commission (£)"
            min={0}
            decimals={2}
            allowNegative={false}
            defaultValue={value("commission")}
            errors={fields.commission.errors}
          />
          <NumberInput
            id="product-rate"
            name="commission_rate"
            label="Commission rate (%)"
            min={0}
            max={100}
            decimals={2}
            allowNegative={false}
            defaultValue={value("commission_rate")}
            errors={fields.commission_rate.errors}
          />
        </div>
        <div className="flex justify-end">
          <SectionSubmit intent="add-product" label="Add product" busyLabel="Adding…" />
        </div>
      </Form>
    </details>
  );
}
