import { redirect } from "@remix-run/node";
import { config } from "../services/config.server";

/** Registration happens on the marketing site. */
export const loader = () => redirect(config.MARKETING_URL);
