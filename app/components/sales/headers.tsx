import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "../frame/page-header";
import { SALES_KINDS, type SalesKind } from "./kinds";
import { SalesStatusBadge } from "./status-badge";

// The headers of the quotes and invoices pages, drawn by their route modules (outside the pages' islands, with the
// frame's other parts).

/** A list's header: its title and New quote / New invoice. */
export function DocumentListHeader({ kind, companyName }: { kind: SalesKind; companyName: string }) {
  const { canManage } = useLoaderData<{ canManage: boolean }>();
  const { search } = useLocation();
  const k = SALES_KINDS[kind];
  return (
    <PageHeader
      companyName={companyName}
      title={k.Plural}
      info={`Your company's ${k.plural}: filter, sort and share the address, the list is in the URL.`}
      actions={
        canManage ? (
          <Link to={`${k.portal}/new${search}`} className="btn-primary" preventScrollReset>
            {`NEW ${k.Noun.toUpperCase()}`}
          </Link>
        ) : null
      }
    />
  );
}

/** A document's header: its number (or Draft) and its status. */
export function DocumentHeader({ kind, companyName }: { kind: SalesKind; companyName: string }) {
  const { doc } = useLoaderData<{ doc: { number_label: string; status: string } }>();
  const k = SALES_KINDS[kind];
  return (
    <PageHeader
      companyName={companyName}
      title={`${k.Noun} ${doc.number_label}`}
      backTo={k.portal}
      info={
        kind === "quote"
          ? "A quote: its client, items and totals; send it, and convert it to an invoice once approved."
          : "An invoice: its client, items and totals; send it and record its payment."
      }
      actions={<SalesStatusBadge status={doc.status} />}
    />
  );
}
