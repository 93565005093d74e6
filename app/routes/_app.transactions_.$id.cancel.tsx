import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatPence } from "#common/money";
import { ConfirmDialog } from "../components/confirm-dialog";
import { cancelAction, cancelFormData } from "../services/payment-forms.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => cancelFormData(request, params.id!);

export const action = ({ request, params }: ActionFunctionArgs) => cancelAction(request, params.id!);

export default function CancelPayment() {
  const { id, amount, key } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Cancel payment"
      message={`Cancel this payment of ${formatPence(amount)}? The hold on the client's card is released and the payment cannot be taken any more.`}
      cancelTo={`/transactions/${id}`}
      cancelLabel="Keep it"
      confirmLabel="Cancel payment"
      fields={{ idempotency_key: key }}
    />
  );
}
