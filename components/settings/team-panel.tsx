"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Select, TextInput } from "@/components/ui/field";
import { StateBadge } from "@/components/ui/state-badge";
import { RunButton } from "@/components/ui/run-button";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { useShellUser } from "@/components/shell/session-context";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import {
  mailedLinkSchema,
  teamMemberSchema,
  type MailedLink,
  type SignInPage,
  type Team,
  type TeamMember,
} from "@/lib/dashboard/contract/settings-api";

/** The members' columns above phone width: the header row and each member share them. */
const columns = "sm:grid-cols-[minmax(0,1fr)_8rem_5.5rem_10rem_13rem]";

/** What was mailed: an invitation or a reset link, to whom and until when it works. */
function mailedText(t: ReturnType<typeof useTranslations<"settings.team">>, f: ReturnType<typeof useFormat>, mailed: MailedLink) {
  const values = { email: mailed.link.mailed_to, until: f.dateTime(mailed.link.expires_at) };
  return mailed.link.purpose === "invitation" ? t("invitationSent", values) : t("resetSent", values);
}

function MemberRow({ member, self, onNotice }: { member: TeamMember; self: boolean; onNotice: (text: string) => void }) {
  const t = useTranslations("settings.team");
  const tr = useTranslations("shell.roles");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const change = (body: Record<string, unknown>) =>
    run(async () => {
      await apiFetch(`/api/settings/team/${member.id}`, teamMemberSchema, { method: "PATCH", body });
      router.refresh();
    });
  return (
    <li data-member={member.email} className={`grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 py-3 text-sm ${columns}`}>
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <span className="wrap-anywhere">{member.email}</span>
        {self && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">{t("you")}</span>}
        <span
          className={`block text-xs ${member.second_factor ? "text-green-700 dark:text-green-400" : "text-zinc-500 dark:text-zinc-400"}`}
          data-second-factor={member.second_factor}
        >
          {member.second_factor ? t("secondFactorOn") : t("secondFactorOff")}
        </span>
        {member.invitation_pending && (
          <span className="block text-xs text-amber-700 dark:text-amber-400" data-invitation-pending>
            {t("invitationPending")}
          </span>
        )}
      </div>
      <Select
        aria-label={t("roleOf", { email: member.email })}
        value={member.role}
        disabled={self || busy}
        onChange={(e) => void change({ role: e.target.value })}
      >
        <option value="admin">{tr("admin")}</option>
        <option value="viewer">{tr("viewer")}</option>
      </Select>
      <div>
        <StateBadge state={member.disabled ? "inactive" : "active"} />
      </div>
      {/* a line of its own on a phone, where the label stands before the date */}
      <div className="col-span-2 text-xs text-zinc-500 sm:col-span-1 dark:text-zinc-400">
        <span className="sm:sr-only">{t("lastSignInLabel")} </span>
        {member.last_sign_in_at ? f.dateTime(member.last_sign_in_at) : t("never")}
      </div>
      <div className="col-span-2 flex flex-wrap gap-1 empty:hidden sm:col-span-1 sm:justify-end">
        {!self && (
          <>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void change({ disabled: !member.disabled })}>
              {member.disabled ? t("enable") : t("disable")}
            </Button>
            <RunButton
              busy={busy}
              run={run}
              action={async () => {
                const mailed = await apiFetch(`/api/settings/team/${member.id}/reset-password`, mailedLinkSchema, { method: "POST" });
                onNotice(mailedText(t, f, mailed));
                router.refresh();
              }}
            >
              {member.invitation_pending ? t("resendInvitation") : t("resetPassword")}
            </RunButton>
            {member.second_factor && (
              <RunButton
                busy={busy}
                run={run}
                action={async () => {
                  await apiFetch(`/api/settings/team/${member.id}/reset-second-factors`, teamMemberSchema, { method: "POST" });
                  onNotice(t("factorsReset", { email: member.email }));
                  router.refresh();
                }}
              >
                {t("resetFactors")}
              </RunButton>
            )}
          </>
        )}
      </div>
      <FormError message={error} className="col-span-2 sm:col-span-5" />
    </li>
  );
}

function AddMember({ onNotice }: { onNotice: (text: string) => void }) {
  const t = useTranslations("settings.team");
  const tr = useTranslations("shell.roles");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit({ conflict: t("exists") });
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        void run(async () => {
          const body = { email: String(data.get("email") ?? ""), role: String(data.get("role") ?? "viewer") };
          onNotice(mailedText(t, f, await apiFetch("/api/settings/team", mailedLinkSchema, { method: "POST", body })));
          form.reset();
          router.refresh();
        });
      }}
    >
      <Field id="member-email" label={t("email")}>
        <TextInput id="member-email" name="email" type="email" required maxLength={254} autoComplete="off" />
      </Field>
      <Field id="member-role" label={t("role")}>
        <Select id="member-role" name="role" defaultValue="viewer">
          <option value="viewer">{tr("viewer")}</option>
          <option value="admin">{tr("admin")}</option>
        </Select>
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("adding") : t("add")}
      </Button>
      <FormError message={error} className="sm:col-span-3" />
    </form>
  );
}

function SignInHistory({ history }: { history: SignInPage }) {
  const t = useTranslations("settings.team");
  const f = useFormat();
  return (
    <Card title={t("history")} labelId="sign-in-history">
      {history.data.length === 0 ? (
        <EmptyState title={t("noSignIns")} />
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {history.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline gap-x-3 py-2" data-sign-in={s.result}>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{f.dateTime(s.at)}</span>
              <span className="wrap-anywhere">{s.email}</span>
              <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{s.address}</span>
              <span className={s.result === "ok" ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}>
                {t(`results.${s.result}`)}
                {s.method && <span className="text-zinc-600 dark:text-zinc-400"> · {t(`methods.${s.method}`)}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The tenant's users: invite one by mail, change roles, disable, mail a reset link; and who signed in when. */
export function TeamPanel({ team, signIns }: { team: Team; signIns: SignInPage }) {
  const t = useTranslations("settings.team");
  const user = useShellUser();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <Card title={t("title")} labelId="team">
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        {team.data.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <>
            <div aria-hidden className={`hidden gap-x-3 pb-1 text-xs text-zinc-500 uppercase sm:grid ${columns} dark:text-zinc-400`}>
              <span>{t("email")}</span>
              <span>{t("role")}</span>
              <span>{t("status")}</span>
              <span>{t("lastSignIn")}</span>
            </div>
            <ul aria-label={t("members")} className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {team.data.map((m) => (
                <MemberRow key={m.id} member={m} self={m.email === user.email} onNotice={setNotice} />
              ))}
            </ul>
          </>
        )}
        <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <h3 className="mb-2 text-sm font-semibold">{t("addSomeone")}</h3>
          <AddMember onNotice={setNotice} />
        </div>
        {notice && (
          <p role="status" className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
            {notice}
          </p>
        )}
      </Card>
      <SignInHistory history={signIns} />
    </div>
  );
}
