-- Exact (x:, mx:) and two-character prefix (p2:, mp2:) search terms for goods written before
-- they existed: the same terms search-keys.ts computes, derived from the stored pinyin.
UPDATE "goods" SET "search_grams" = ARRAY(
  SELECT DISTINCT t FROM unnest("search_grams" || ARRAY(
    SELECT 'x:' || v FROM unnest(ARRAY[lower("name"), lower("trade_name"), lower("approval_no")]
      || string_to_array("py_initials", ' ') || string_to_array("py_full", ' ')) AS v WHERE v <> ''
    UNION ALL
    SELECT 'p2:' || left(v, 2) FROM unnest(ARRAY[lower("name"), lower("trade_name"), lower("approval_no")]
      || string_to_array("py_initials", ' ')) AS v WHERE char_length(v) >= 2
    UNION ALL
    SELECT 'mx:' || v FROM unnest(ARRAY[lower("sccj"), "sccj_py_initials", "sccj_py_full"]) AS v WHERE v <> ''
    UNION ALL
    SELECT 'mp2:' || left(v, 2) FROM unnest(ARRAY[lower("sccj"), "sccj_py_initials"]) AS v WHERE char_length(v) >= 2
  )) AS t
) WHERE NOT ("search_grams" && ARRAY['x:' || lower("name")]);--> statement-breakpoint
CREATE INDEX "goods_popularity_idx" ON "goods" USING btree ("sales" DESC NULLS FIRST,"id");
