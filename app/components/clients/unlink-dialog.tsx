import { ConfirmDialog } from "../confirm-dialog";

// A module of its own (not beside the links table): the confirmation's Headless UI dialog then ships with the
// unlink routes, not in the individual's and company's pages' first-load JavaScript.

export interface UnlinkDialogProps {
  name: string;
  company: string;
  primary: boolean;
  back: string;
}

/** Confirms removing the link between an individual and a company (from either side). */
export function UnlinkDialog({ name, company, primary, back }: UnlinkDialogProps) {
  return (
    <ConfirmDialog
      title="Unlink"
      message={`Unlink ${name} from ${company}?${primary ? ` ${company} will have no primary contact.` : ""} The job title goes with the link.`}
      cancelTo={back}
      confirmLabel="Unlink"
    />
  );
}
