import type { FastifyInstance } from "fastify";
import companiesRoutes from "../companies/routes";
import emailRoutes from "../email/routes";
import individualsRoutes from "../individuals/routes";
import lookupsRoutes from "../lookups/routes";
import notesRoutes from "../notes/routes";

/** Clients: individuals, companies, the lookups of their forms, notes and e-mail threads. */
export default async function clientsRoutes(app: FastifyInstance) {
  await individualsRoutes(app, { area: "Individuals" });
  await companiesRoutes(app, { area: "Companies" });
  await lookupsRoutes(app, { area: "Client lookups" });
  await notesRoutes(app, { area: "Notes" });
  await emailRoutes(app, { area: "E-mail threads" });
}
