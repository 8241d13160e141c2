import { useEffect, useState } from 'react';
import type { CheckValue } from '~/lib/database.constants.ts';
import { getSupabase } from '~/lib/supabase.ts';

export interface QuoteAddOn {
  title: string;
  amount: { cents: number; unit: CheckValue<'quote_lines', 'unit'> };
}

/**
 * The add-ons a quote line can be made from, with the amounts of the published price list: the
 * database's public.quote_add_ons, which each publication of the site rewrites
 * (supabase/migrations/*_site_content.sql), so a quote written after a publication uses its amounts.
 */
export function useQuoteAddOns(): QuoteAddOn[] {
  const [addOns, setAddOns] = useState<QuoteAddOn[]>([]);
  useEffect(() => {
    let live = true;
    void getSupabase()
      .then((supabase) => supabase.from('quote_add_ons').select('title, unit, cents').order('position'))
      .then((r) => {
        if (live && r.data)
          setAddOns(
            r.data.map((a) => ({
              title: a.title,
              amount: { cents: a.cents, unit: a.unit as QuoteAddOn['amount']['unit'] },
            })),
          );
      });
    return () => {
      live = false;
    };
  }, []);
  return addOns;
}
