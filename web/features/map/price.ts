const whole = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 80" for whole reais, "R$ 80,50" otherwise: a price on a map marker. */
export const shortBrl = (value: number) => (value % 100 === 0 ? whole : cents).format(value / 100);
