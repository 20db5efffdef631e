import type { AlertNotifier, OperatorAlert, NotifyResult } from "./port";

export interface SlackConfig {
  /** A Slack (or Mattermost, Rocket.Chat, Discord `/slack`) incoming-webhook URL. */
  webhookUrl: string;
  /** Shown in the message so several deployments can share a channel. */
  serviceName?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const TITLES: Record<OperatorAlert["kind"], string> = {
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  soft_bounce_escalated: "Soft bounces escalated to suppression",
  send_outcome_unknown: "Send outcome unknown after a restart",
};

/** Slack's mrkdwn needs only these three escaped. */
function escapeSlack(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function alertText(alert: OperatorAlert, serviceName = "Kinetic"): string {
  return `:rotating_light: *${escapeSlack(serviceName)}: ${TITLES[alert.kind]}* for ${escapeSlack(alert.recipient)}\n${escapeSlack(alert.message)}`;
}

/** Posts `{ text }` JSON to an incoming webhook; anything but a 2xx is a failure value. */
export function createSlackNotifier(config: SlackConfig): AlertNotifier {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const doFetch = config.fetch ?? fetch;
  return {
    async notify(alert): Promise<NotifyResult> {
      try {
        const res = await doFetch(config.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: alertText(alert, config.serviceName) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          const body = (await res.text().catch(() => "")).trim().slice(0, 200);
          return { ok: false, error: `Alert webhook answered ${res.status}${body ? `: ${body}` : ""}` };
        }
        await res.body?.cancel();
        return { ok: true };
      } catch (err) {
        const name = (err as Error).name;
        if (name === "TimeoutError" || name === "AbortError")
          return { ok: false, error: `Alert webhook did not answer within ${timeoutMs} ms` };
        return { ok: false, error: `Alert webhook unreachable: ${(err as Error).message}` };
      }
    },
  };
}
