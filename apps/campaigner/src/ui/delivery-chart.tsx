import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow } from '../model/live-figures';

const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));

/**
 * Impressions (bars) and clicks (line) per day, each on its own axis: clicks are a thousandth of
 * impressions and would lie flat on a shared one. Loaded on demand, so the charting library is fetched
 * only by the pages that draw a chart. Hidden from assistive technology, and so not focusable either
 * (no keyboard layer): the "Figures by day" table below it gives the same days to everyone.
 */
export default function DeliveryChart({ rows }: { rows: ChartRow[] }) {
  return (
    <div className="cw-pub-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--cw-border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={12} />
          <YAxis
            yAxisId="impressions"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={56}
            tickFormatter={(value: number) => value.toLocaleString('en-US', { notation: 'compact' })}
          />
          <YAxis
            yAxisId="clicks"
            orientation="right"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={40}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(value, name) => [number(value), name]}
            labelFormatter={(label) => String(label)}
            contentStyle={{ borderRadius: 8, fontSize: 13 }}
          />
          <Legend verticalAlign="top" height={28} iconSize={10} wrapperStyle={{ fontSize: 13 }} />
          <Bar
            yAxisId="impressions"
            dataKey="impressions"
            name="Impressions"
            fill="var(--cw-accent)"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="clicks"
            dataKey="clicks"
            name="Clicks"
            type="linear"
            stroke="#b54708"
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
