import { apiRoute } from "~/http/api-route.server";
import { json } from "~/http/responses.server";
import { creditBalances } from "~/services/users.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user }) =>
    json({
      success: true,
      user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
      credits: await creditBalances(app, user.id),
    }),
});
