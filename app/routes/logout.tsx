import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/http/session.server";

export const action = ({ request }: ActionFunctionArgs) => logout(request);
export const loader = () => redirect("/");
