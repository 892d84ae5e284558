/**
 * Weekly volume: `search_components` and `get_component` calls and registry item requests
 * (`registry/item`: installs through the shadcn CLI) per ISO week (Monday to Sunday, numbered
 * `YYYY-Www`), each with its change on the week before. The month's first week may start
 * in the month before and its last may end in the month after, so the days come from the counters
 * of up to three months (`by_day_tool`); a day is known when its month's counters exist and it is
 * not after `today`. A week with an unknown day is partial, and the week after it has no change; a
 * week that begins after `today` is not listed.
 */
import type { Counts } from "../../../src/usage/monthly.ts";

export const WEEKLY_TOOLS = ["search_components", "get_component", "registry/item"] as const;
export type WeeklyTool = (typeof WEEKLY_TOOLS)[number];

export interface Change {
  calls: number;
  /** Calls minus the week before's; null when that week is partial or unknown. */
  change: number | null;
  /** `change` over the week before's calls; null also when the week before had none. */
  change_rate: number | null;
}

export type WeekRow = { week: string; from: string; to: string; partial: boolean } & Record<WeeklyTool, Change>;

/** One month's day-by-tool counters, or null when the store holds none for it. */
export interface MonthDays {
  month: string;
  by_day_tool: Record<string, Counts> | null;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The ISO week of a day: its Thursday's year and the week's number, e.g. 2026-W53 for 2027-01-01. */
export function isoWeek(day: string): string {
  const ms = msOf(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(ms + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The Monday that starts a day's ISO week. */
export const mondayOf = (day: string) => dayOf(msOf(day) - ((new Date(msOf(day)).getUTCDay() + 6) % 7) * DAY_MS);

const rate = (n: number, d: number) => Math.round((n / d) * 10000) / 10000;

/** The weeks that hold a day of `month`, from the counters of that month and its neighbours. */
export function weeklyVolume(month: string, months: MonthDays[], today: string): WeekRow[] {
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number);
  const last = dayOf(Date.UTC(y, m, 1) - DAY_MS);
  const byMonth = new Map(months.map((d) => [d.month, d.by_day_tool]));
  const known = (day: string) => day <= today && byMonth.get(day.slice(0, 7)) != null;
  const callsOn = (day: string, tool: WeeklyTool) => byMonth.get(day.slice(0, 7))?.[day]?.[tool] ?? 0;

  const week = (monday: string) => {
    const days = Array.from({ length: 7 }, (_, i) => dayOf(msOf(monday) + i * DAY_MS));
    const calls = Object.fromEntries(
      WEEKLY_TOOLS.map((t) => [t, days.reduce((s, d) => s + callsOn(d, t), 0)]),
    ) as Record<WeeklyTool, number>;
    return { monday, sunday: days[6], partial: !days.every(known), calls };
  };

  const rows: WeekRow[] = [];
  let before = week(dayOf(msOf(mondayOf(first)) - 7 * DAY_MS));
  // Weeks that have not begun are not listed: a month in progress ends at today's week.
  for (let monday = mondayOf(first); monday <= last && monday <= today; monday = dayOf(msOf(monday) + 7 * DAY_MS)) {
    const w = week(monday);
    const row = { week: isoWeek(monday), from: w.monday, to: w.sunday, partial: w.partial } as WeekRow;
    for (const t of WEEKLY_TOOLS) {
      const prev = before.partial ? null : before.calls[t];
      row[t] = {
        calls: w.calls[t],
        change: prev === null ? null : w.calls[t] - prev,
        change_rate: prev ? rate(w.calls[t] - prev, prev) : null,
      };
    }
    rows.push(row);
    before = w;
  }
  return rows;
}
