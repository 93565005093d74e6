/**
 * Every export type, imported for its defineExportType() call. An area adds its list's export in one file beside
 * these and one line here (docs/adding-an-area.md, "Exports").
 */
import "./tasks";
import "./individuals";
import "./companies";
import "./sales-documents";
import "./policies";
import "./off-platform-policies";
import "./payments";
