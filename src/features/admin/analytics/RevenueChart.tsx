import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { Analytics } from '../types';

const dayLabel = (date: string) => new Date(`${date}T00:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** Revenue per day as bars (days are separate amounts, not a curve); the numbers beside it are in text too, for people who can't see it. */
export default function RevenueChart({ days }: { days: Analytics['days'] }) {
  const data = days.map((day) => ({ day: dayLabel(day.date), Revenue: Number(day.revenue) }));
  return (
    <div role="img" aria-label="Chart of revenue per day over the last 30 days">
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        series={[{ name: 'Revenue', color: 'walnut.6' }]}
        valueFormatter={(value) => `$${value.toFixed(2)}`}
        tickLine="y"
        gridAxis="y"
      />
    </div>
  );
}
