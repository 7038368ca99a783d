import { useEffect, useState } from "react";
import { createBotCheck } from "@/lib/botcheck";

/** The invisible bot check of a profile form: solving starts when the form shows (`active`), not before. */
export function useBotToken(active = true) {
  const [check] = useState(createBotCheck);
  useEffect(() => {
    if (active) check.prepare();
  }, [check, active]);
  return check;
}
