import { useEffect, useState } from "react";
import { createBotCheck } from "@/lib/botcheck";

/** The invisible bot check of a profile form: solving starts when the form shows. */
export function useBotToken() {
  const [check] = useState(createBotCheck);
  useEffect(() => {
    check.prepare();
  }, [check]);
  return check;
}
