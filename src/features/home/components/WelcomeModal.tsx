import { Button, Modal, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { IconConfetti } from "@tabler/icons-react";
import { clearClientType } from "@/lib/clientType";

/*
 * The welcome modal is in Arabic whatever the interface language (SPEC §2 "A welcome modal in Arabic"): operator
 * clients arrive from an Arabic landing page. Its texts are therefore fixed Arabic, not catalog messages.
 */
const AR = {
  title: "مرحبا بك في دارسي",
  body: "يسعدنا انضمامك إلينا! اكتشف عروضنا واختر الاشتراك الذي يناسبك للوصول إلى كل الدروس المسجلة والحصص المباشرة والامتحانات.",
  hint: "دروس بالفيديو، حصص مباشرة مع أفضل الأساتذة، وامتحانات مصححة.",
  start: "ابدأ الآن",
  close: "إغلاق",
};

/** Loaded only when the client-type marker is present (see `src/lib/clientType.ts`). */
export default function WelcomeModal({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const close = () => {
    clearClientType();
    onDone();
  };
  const start = () => {
    close();
    void navigate({ to: "/offres" });
  };
  return (
    <Modal
      opened
      onClose={close}
      centered
      radius="lg"
      size="md"
      withCloseButton
      closeButtonProps={{ "aria-label": AR.close }}
      dir="rtl"
      lang="ar"
      aria-labelledby="welcome-title"
      data-testid="welcome-modal"
      styles={{ header: { minHeight: 0, paddingBlockEnd: 0 } }}
    >
      <Stack align="center" gap="md" ta="center" dir="rtl" lang="ar" pb="sm">
        <ThemeIcon size={64} radius="xl" color="darsi" variant="light" aria-hidden>
          <IconConfetti size={36} />
        </ThemeIcon>
        <Title order={2} fz="h3" id="welcome-title">
          {AR.title}
        </Title>
        <Text size="md">{AR.body}</Text>
        <Text size="sm" c="dimmed">
          {AR.hint}
        </Text>
        <Button size="md" color="darsi.8" radius="xl" fullWidth onClick={start} data-testid="welcome-start">
          {AR.start}
        </Button>
      </Stack>
    </Modal>
  );
}
