import { apiRoute, json } from "~/lib/http.server";
import { AI_GENERATION, balanceOf } from "~/models/credits.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user }) =>
    json({
      success: true,
      user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
      credits: { [AI_GENERATION]: await balanceOf(app.database.db, user.id) },
    }),
});
