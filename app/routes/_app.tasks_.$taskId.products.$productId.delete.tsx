import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { redirectWithToast } from "../services/session.server";
import { requireTaskManager, deleteTaskProduct, getTaskProduct } from "../services/task-detail.server";
import { idOf } from "../services/ids.server";

/** Removing a product of the task: a confirmation, then back to the task with a toast. */
function productIdOf(params: { productId?: string }) {
  return idOf(params.productId);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, id } = await requireTaskManager(request, params);
  const product = await getTaskProduct(api, id, productIdOf(params));
  return { taskId: id, product: { id: product.id, name: product.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, id } = await requireTaskManager(request, params);
  const back = `/tasks/${id}${new URL(request.url).search}`;
  try {
    await deleteTaskProduct(api, id, productIdOf(params));
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to remove product." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Product removed." });
}

export default function DeleteTaskProduct() {
  const { taskId, product } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title="Remove product"
      message={
        <>
          Are you sure you want to remove the product <strong>{product.name}</strong>?
        </>
      }
      cancelTo={`/tasks/${taskId}${search}`}
      confirmLabel="Remove"
    />
  );
}
