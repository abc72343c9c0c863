import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChannelRow, FunnelRow, LeaderRow, MoneyRow, MonthlyGivingRow, PlaceRow } from '../model/charts';
import { count, countCompact, dollars, dollarsCompact, percent } from '../model/format';

/*
 * Every chart reads without colour: series differ by line style and marker (solid with circles, dashed
 * with squares), bars carry their values as labels, and each has a table beside it (ChartFrame).
 */

const axis = { tickLine: false, axisLine: false, fontSize: 12 } as const;
const tooltipStyle = { borderRadius: 8, fontSize: 13 } as const;
const RAISED = '#1d4ed8';
const SPEND = '#9a3412';
const BAR = '#1d4ed8';

/** A small square marker, so the spend line differs from the raised line by shape as well. */
function SquareDot({ cx, cy, index }: { cx?: number; cy?: number; index?: number }) {
  if (cx === undefined || cy === undefined) return <g key={index} />;
  return <rect key={index} x={cx - 2.5} y={cy - 2.5} width={5} height={5} fill={SPEND} />;
}

const money = (value: unknown) => (typeof value === 'number' ? dollars(Math.round(value * 100)) : String(value));

/** Raised and ad spend over time, in dollars. */
export function MoneyChart({ rows }: { rows: readonly MoneyRow[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart
        accessibilityLayer={false}
        data={rows as MoneyRow[]}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="var(--cw-border)" />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis {...axis} width={56} tickFormatter={(value: number) => dollarsCompact(value * 100)} />
        <Tooltip formatter={(value, name) => [money(value), name]} contentStyle={tooltipStyle} />
        <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 13 }} />
        <Line
          dataKey="raised"
          name="Raised (solid, circles)"
          stroke={RAISED}
          strokeWidth={2}
          dot={{ r: 2.5, fill: RAISED }}
          legendType="circle"
          isAnimationActive={false}
        />
        <Line
          dataKey="spend"
          name="Ad spend (dashed, squares)"
          stroke={SPEND}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={SquareDot}
          legendType="square"
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, each labelled with its value: the funnel, channels and the leaderboard. */
function LabelledBars<Row extends object>({
  rows,
  category,
  value,
  name,
  format,
  height,
  labelWidth = 112,
}: {
  rows: readonly Row[];
  category: keyof Row & string;
  value: keyof Row & string;
  name: string;
  format: (value: number) => string;
  height?: number;
  labelWidth?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={height ?? Math.max(160, rows.length * 40 + 24)}>
      <BarChart
        accessibilityLayer={false}
        data={rows as Row[]}
        layout="vertical"
        margin={{ top: 4, right: 64, bottom: 4, left: 4 }}
      >
        <CartesianGrid horizontal={false} stroke="var(--cw-border)" />
        <XAxis type="number" {...axis} hide />
        <YAxis type="category" dataKey={category as string} {...axis} width={labelWidth} />
        <Tooltip
          formatter={(raw) => [typeof raw === 'number' ? format(raw) : String(raw), name]}
          contentStyle={tooltipStyle}
        />
        <Bar dataKey={value as string} name={name} fill={BAR} radius={[0, 3, 3, 0]} isAnimationActive={false}>
          <LabelList
            dataKey={value as string}
            position="right"
            fontSize={12}
            fill="var(--cw-text)"
            formatter={(raw) => (typeof raw === 'number' ? format(raw) : String(raw ?? ''))}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function FunnelChart({ rows }: { rows: readonly FunnelRow[] }) {
  const labelled = rows.map((row) => ({
    ...row,
    label: row.rate === null ? row.stage : `${row.stage} (${percent(row.rate)})`,
  }));
  return (
    <LabelledBars rows={labelled} category="label" value="value" name="People" format={countCompact} labelWidth={150} />
  );
}

const CHANNEL_MEASURES = { gifts: 'Gifts', shareClicks: 'Share clicks' } as const;

/** One bar per share channel, of the measure its frame's title names. */
export function ChannelsChart({
  rows,
  measure,
}: {
  rows: readonly ChannelRow[];
  measure: keyof typeof CHANNEL_MEASURES;
}) {
  return (
    <LabelledBars rows={rows} category="channel" value={measure} name={CHANNEL_MEASURES[measure]} format={count} />
  );
}

/** One bar per place gifts were made (the campaign's page, fundraising pages, the donate form): what each raised. */
export function PlacesChart({ rows }: { rows: readonly PlaceRow[] }) {
  return (
    <LabelledBars
      rows={rows}
      category="place"
      value="raised"
      name="Raised"
      format={(value) => dollars(Math.round(value * 100))}
      labelWidth={168}
    />
  );
}

export function LeaderboardChart({ rows }: { rows: readonly LeaderRow[] }) {
  return <LabelledBars rows={rows} category="name" value="gifts" name="Gifts brought" format={count} />;
}

const MONTHLY_SERIES = [
  { key: 'started', name: 'New (left)', fill: RAISED },
  { key: 'cancelled', name: 'Cancelled (middle)', fill: '#6b7280' },
  { key: 'failed', name: 'Failed (right)', fill: SPEND },
] as const;

/** Monthly gifts started, cancelled and failed, one group of bars a month in that order, each labelled. */
export function MonthlyGivingChart({ rows }: { rows: readonly MonthlyGivingRow[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        accessibilityLayer={false}
        data={rows as MonthlyGivingRow[]}
        margin={{ top: 20, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="var(--cw-border)" />
        <XAxis dataKey="label" {...axis} minTickGap={8} />
        <YAxis {...axis} width={40} allowDecimals={false} tickFormatter={(value: number) => countCompact(value)} />
        <Tooltip
          formatter={(value, name) => [typeof value === 'number' ? count(value) : String(value), name]}
          contentStyle={tooltipStyle}
        />
        <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 13 }} />
        {MONTHLY_SERIES.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            fill={series.fill}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          >
            <LabelList
              dataKey={series.key}
              position="top"
              fontSize={12}
              fill="var(--cw-text)"
              formatter={(raw) => (typeof raw === 'number' ? count(raw) : String(raw ?? ''))}
            />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
