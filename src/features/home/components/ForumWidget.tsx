import type { CSSProperties } from "react";
import { Button, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconExternalLink, IconLock, IconMessageCircle, IconMessages } from "@tabler/icons-react";
import { HOME_FORUM_POSTS, type ForumPostDto } from "@domain/home";
import { useForumAccess } from "@/lib/forum";
import { useFormatNumber } from "@/lib/i18n/labels";
import { latestPostsQueryOptions } from "../api/getLatestPosts";
import { useRelativeTime } from "./format";
import { RowSkeletons, Widget, WidgetEmpty, WidgetError } from "./Widget";
import classes from "./Widget.module.css";

const ROW = 72;
const LIST_HEIGHT = HOME_FORUM_POSTS * ROW + (HOME_FORUM_POSTS - 1) * 6;

function PostRow({ post, url, onLocked }: { post: ForumPostDto; url: string | undefined; onLocked: () => void }) {
  const { t } = useLingui();
  const ago = useRelativeTime();
  const fmt = useFormatNumber();
  const replies = fmt(post.replies);
  const content = (
    <>
      <span className={classes.badge} style={{ background: "var(--mantine-color-grape-7)" }} aria-hidden>
        <IconMessageCircle size={18} />
      </span>
      {/* The external forum's posts: its members' words, names and categories, as written there. */}
      <span className={classes.main} data-authored>
        <span className={classes.title} data-lines="2" title={post.title}>
          <bdi>{post.title}</bdi>
        </span>
        <span className={classes.meta}>
          <bdi>{post.author}</bdi> · <time dateTime={post.created_at}>{ago(post.created_at)}</time>
          {post.category && (
            <>
              {" · "}
              <bdi>{post.category}</bdi>
            </>
          )}
        </span>
      </span>
      <span className={classes.end} title={t`${replies} réponses`}>
        <IconMessages size={16} aria-hidden />
        {replies}
        <VisuallyHidden>{t`réponses`}</VisuallyHidden>
      </span>
    </>
  );
  const style = { "--row-height": `${ROW}px` } as CSSProperties;
  return (
    <li>
      {url ? (
        <a href={post.url} target="_blank" rel="noopener noreferrer" className={classes.row} style={style} data-testid="home-forum-post">
          {content}
          <VisuallyHidden>
            <Trans>(nouvel onglet)</Trans>
          </VisuallyHidden>
        </a>
      ) : (
        <button type="button" onClick={onLocked} className={classes.row} style={style} data-testid="home-forum-post">
          {content}
        </button>
      )}
    </li>
  );
}

/**
 * "Le forum" widget (SPEC §2): the forum's latest posts and a link to the external forum. Like the sidebar entry,
 * it opens the forum (in a new tab) only with the forum permission; otherwise it says why in the same warning.
 */
export function ForumWidget() {
  const { data, isPending, isError, refetch } = useQuery(latestPostsQueryOptions());
  const forum = useForumAccess();
  return (
    <Widget
      id="home-forum-title"
      testId="home-forum"
      icon={
        <ThemeIcon size={36} radius="xl" color="grape" variant="light" aria-hidden>
          <IconMessages size={20} />
        </ThemeIcon>
      }
      title={<Trans>Le forum</Trans>}
      footer={
        forum.url ? (
          <Button
            component="a"
            href={forum.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="grape"
            c="grape.9"
            fullWidth
            rightSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="home-forum-link"
          >
            <Trans>Ouvrir le forum</Trans>
            <VisuallyHidden>
              <Trans>(nouvel onglet)</Trans>
            </VisuallyHidden>
          </Button>
        ) : (
          <Button variant="default" fullWidth onClick={forum.warn} leftSection={<IconLock size={16} aria-hidden />} data-testid="home-forum-link">
            <Trans>Ouvrir le forum</Trans>
          </Button>
        )
      }
    >
      {isPending ? (
        <RowSkeletons count={HOME_FORUM_POSTS} height={ROW} />
      ) : isError ? (
        <WidgetError minHeight={LIST_HEIGHT} onRetry={() => void refetch()}>
          <Trans>Le forum est momentanément indisponible.</Trans>
        </WidgetError>
      ) : data.length === 0 ? (
        <WidgetEmpty minHeight={LIST_HEIGHT}>
          <Trans>Aucune discussion pour le moment.</Trans>
        </WidgetEmpty>
      ) : (
        <ul className={classes.list} style={{ minBlockSize: LIST_HEIGHT }}>
          {data.map((post) => (
            <PostRow key={post.id} post={post} url={forum.url} onLocked={forum.warn} />
          ))}
        </ul>
      )}
    </Widget>
  );
}
