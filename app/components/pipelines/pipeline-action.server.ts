/**
 * What the pipeline page's action uses from modules the browser also loads, imported through this `.server`
 * module: an import in the route module, even one only its action uses, would make the page's first-load
 * JavaScript import the chunk holding it (the bundler keeps a chunk's import for an import it has dropped).
 */
export { EMPTY_STAGE } from "./pipeline-form";
export { moveBy, parseStageOrder } from "#app/lib/stage-order";
// The API's bodies, checked by the page's and its drawers' actions before the API is asked.
export { pipelineUpdateBodySchema, pipelineUsersBodySchema, stageBodySchema, stageUpdateBodySchema } from "#contract/pipelines";
