import { Tool, AnyOf, EnumOf, Int, JsonObject, JsonValue, ObjectOf, type ToolDefinition } from 'tool-signatures';

/**
 * github/github-mcp-server's published tools (pkg/github/__toolsnaps__/<name>.snap at 64a49f34d076b6f5917dae1424521d43c7bcae84), each rewritten with this library's
 * public API: the parameters of Tool.create, options as @Param's, union members with their own options.
 * Written from the snapshots by rewrite.py (python3 rewrite.py github-mcp-server.json > github-tools.ts), then
 * reviewed; the originals are in github-mcp-server.json.
 */
export const calls: string[] = [];
const call = (name: string): string => {
  calls.push(name);
  return 'ok';
};

export const githubTools: readonly ToolDefinition[] = [
  Tool.create((method: unknown, owner: unknown, repo: unknown, resource_id: unknown) => call('actions_get'), {
    name: 'actions_get',
    params: {
      method: {
        type: EnumOf([
          'get_workflow',
          'get_workflow_run',
          'get_workflow_job',
          'download_workflow_run_artifact',
          'get_workflow_run_usage',
          'get_workflow_run_logs_url',
        ]),
        description: 'The method to execute',
      },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
      resource_id: {
        type: String,
        description:
          "The unique identifier of the resource. This will vary based on the \"method\" provided, so ensure you provide the correct ID:\n- Provide a workflow ID or workflow file name (e.g. ci.yaml) for 'get_workflow' method.\n- Provide a workflow run ID for 'get_workflow_run', 'get_workflow_run_usage', and 'get_workflow_run_logs_url' methods.\n- Provide an artifact ID for 'download_workflow_run_artifact' method.\n- Provide a job ID for 'get_workflow_job' method.\n",
      },
    },
  }),
  Tool.create(
    (
      method: unknown,
      owner: unknown,
      page: unknown,
      per_page: unknown,
      repo: unknown,
      resource_id: unknown,
      workflow_jobs_filter: unknown,
      workflow_runs_filter: unknown,
    ) => call('actions_list'),
    {
      name: 'actions_list',
      params: {
        method: {
          type: EnumOf(['list_workflows', 'list_workflow_runs', 'list_workflow_jobs', 'list_workflow_run_artifacts']),
          description: 'The action to perform',
        },
        owner: { type: String, description: 'Repository owner' },
        page: { type: Number, description: 'Page number for pagination (default: 1)', minimum: 1, optional: true },
        per_page: { type: Number, description: 'Results per page for pagination (default: 30, max: 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name' },
        resource_id: {
          type: String,
          description:
            "The unique identifier of the resource. This will vary based on the \"method\" provided, so ensure you provide the correct ID:\n- Do not provide any resource ID for 'list_workflows' method.\n- Provide a workflow ID or workflow file name (e.g. ci.yaml) for 'list_workflow_runs' method, or omit to list all workflow runs in the repository.\n- Provide a workflow run ID for 'list_workflow_jobs' and 'list_workflow_run_artifacts' methods.\n",
          optional: true,
        },
        workflow_jobs_filter: {
          type: ObjectOf(
            {
              filter: { type: EnumOf(['latest', 'all']), description: 'Filters jobs by their completed_at timestamp', optional: true },
            },
            { description: "Filters for workflow jobs. **ONLY** used when method is 'list_workflow_jobs'" },
          ),
          optional: true,
        },
        workflow_runs_filter: {
          type: ObjectOf(
            {
              actor: { type: String, description: "Filter to a specific GitHub user's workflow runs.", optional: true },
              branch: { type: String, description: 'Filter workflow runs to a specific Git branch. Use the name of the branch.', optional: true },
              event: {
                type: EnumOf([
                  'branch_protection_rule',
                  'check_run',
                  'check_suite',
                  'create',
                  'delete',
                  'deployment',
                  'deployment_status',
                  'discussion',
                  'discussion_comment',
                  'fork',
                  'gollum',
                  'issue_comment',
                  'issues',
                  'label',
                  'merge_group',
                  'milestone',
                  'page_build',
                  'public',
                  'pull_request',
                  'pull_request_review',
                  'pull_request_review_comment',
                  'pull_request_target',
                  'push',
                  'registry_package',
                  'release',
                  'repository_dispatch',
                  'schedule',
                  'status',
                  'watch',
                  'workflow_call',
                  'workflow_dispatch',
                  'workflow_run',
                ]),
                description: 'Filter workflow runs to a specific event type',
                optional: true,
              },
              status: {
                type: EnumOf(['queued', 'in_progress', 'completed', 'requested', 'waiting']),
                description: 'Filter workflow runs to only runs with a specific status',
                optional: true,
              },
            },
            { description: "Filters for workflow runs. **ONLY** used when method is 'list_workflow_runs'" },
          ),
          optional: true,
        },
      },
    },
  ),
  Tool.create(
    (inputs: unknown, method: unknown, owner: unknown, ref: unknown, repo: unknown, run_id: unknown, workflow_id: unknown) => call('actions_run_trigger'),
    {
      name: 'actions_run_trigger',
      params: {
        inputs: { type: JsonObject, description: "Inputs the workflow accepts. Only used for 'run_workflow' method.", optional: true },
        method: {
          type: EnumOf(['run_workflow', 'rerun_workflow_run', 'rerun_failed_jobs', 'cancel_workflow_run', 'delete_workflow_run_logs']),
          description: 'The method to execute',
        },
        owner: { type: String, description: 'Repository owner' },
        ref: {
          type: String,
          description: "The git reference for the workflow. The reference can be a branch or tag name. Required for 'run_workflow' method.",
          optional: true,
        },
        repo: { type: String, description: 'Repository name' },
        run_id: { type: Number, description: "The ID of the workflow run. Required for all methods except 'run_workflow'.", optional: true },
        workflow_id: {
          type: String,
          description: "The workflow ID (numeric) or workflow file name (e.g., main.yml, ci.yaml). Required for 'run_workflow' method.",
          optional: true,
        },
      },
    },
  ),
  Tool.create(
    (
      body: unknown,
      line: unknown,
      owner: unknown,
      path: unknown,
      pullNumber: unknown,
      repo: unknown,
      side: unknown,
      startLine: unknown,
      startSide: unknown,
      subjectType: unknown,
    ) => call('add_comment_to_pending_review'),
    {
      name: 'add_comment_to_pending_review',
      params: {
        body: { type: String, description: 'The text of the review comment' },
        line: {
          type: Number,
          description: 'The line of the blob in the pull request diff that the comment applies to. For multi-line comments, the last line of the range',
          optional: true,
        },
        owner: { type: String, description: 'Repository owner' },
        path: { type: String, description: 'The relative path to the file that necessitates a comment' },
        pullNumber: { type: Number, description: 'Pull request number' },
        repo: { type: String, description: 'Repository name' },
        side: {
          type: EnumOf(['LEFT', 'RIGHT']),
          description: 'The side of the diff to comment on. LEFT indicates the previous state, RIGHT indicates the new state',
          optional: true,
        },
        startLine: { type: Number, description: 'For multi-line comments, the first line of the range that the comment applies to', optional: true },
        startSide: {
          type: EnumOf(['LEFT', 'RIGHT']),
          description:
            'For multi-line comments, the starting side of the diff that the comment applies to. LEFT indicates the previous state, RIGHT indicates the new state',
          optional: true,
        },
        subjectType: { type: EnumOf(['FILE', 'LINE']), description: 'The level at which the comment is targeted' },
      },
    },
  ),
  Tool.create((body: unknown, comment_id: unknown, issue_number: unknown, owner: unknown, reaction: unknown, repo: unknown) => call('add_issue_comment'), {
    name: 'add_issue_comment',
    params: {
      body: { type: String, description: 'Comment content. Required unless reaction is provided.', minLength: 1, optional: true },
      comment_id: {
        type: Int,
        description:
          'The numeric ID of the issue or pull request comment to react to. Use this for reactions to comments; omit it to react to the issue or pull request itself. Cannot be combined with body.',
        minimum: 1,
        optional: true,
      },
      issue_number: { type: Number, description: 'Issue or pull request number to comment on or react to.' },
      owner: { type: String, description: 'Repository owner' },
      reaction: {
        type: EnumOf(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']),
        description: 'Emoji reaction to add. Required unless body is provided.',
        optional: true,
      },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((comment_id: unknown, content: unknown, owner: unknown, repo: unknown) => call('add_issue_comment_reaction'), {
    name: 'add_issue_comment_reaction',
    params: {
      comment_id: { type: Number, description: 'The issue or pull request comment ID', minimum: 1 },
      content: { type: EnumOf(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']), description: 'The emoji reaction type' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((content: unknown, issue_number: unknown, owner: unknown, repo: unknown) => call('add_issue_reaction'), {
    name: 'add_issue_reaction',
    params: {
      content: { type: EnumOf(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']), description: 'The emoji reaction type' },
      issue_number: { type: Number, description: 'The issue number', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (
      body: unknown,
      line: unknown,
      owner: unknown,
      path: unknown,
      pullNumber: unknown,
      repo: unknown,
      side: unknown,
      startLine: unknown,
      startSide: unknown,
      subjectType: unknown,
    ) => call('add_pull_request_review_comment'),
    {
      name: 'add_pull_request_review_comment',
      params: {
        body: { type: String, description: 'The comment body' },
        line: { type: Number, description: 'The line number in the diff to comment on (optional)', optional: true },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        path: { type: String, description: 'The relative path of the file to comment on' },
        pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
        repo: { type: String, description: 'Repository name' },
        side: { type: EnumOf(['LEFT', 'RIGHT']), description: 'The side of the diff to comment on (optional)', optional: true },
        startLine: { type: Number, description: 'The start line of a multi-line comment (optional)', optional: true },
        startSide: { type: EnumOf(['LEFT', 'RIGHT']), description: 'The start side of a multi-line comment (optional)', optional: true },
        subjectType: { type: EnumOf(['FILE', 'LINE']), description: 'The subject type of the comment' },
      },
    },
  ),
  Tool.create((comment_id: unknown, content: unknown, owner: unknown, repo: unknown) => call('add_pull_request_review_comment_reaction'), {
    name: 'add_pull_request_review_comment_reaction',
    params: {
      comment_id: {
        type: Number,
        description: 'The numeric pull request review comment ID. Use the number from a #discussion_r... anchor, not the GraphQL thread node ID (PRRT_...).',
        minimum: 1,
      },
      content: { type: EnumOf(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']), description: 'The emoji reaction type' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (body: unknown, commentId: unknown, owner: unknown, pullNumber: unknown, reaction: unknown, repo: unknown) => call('add_reply_to_pull_request_comment'),
    {
      name: 'add_reply_to_pull_request_comment',
      params: {
        body: { type: String, description: 'The text of the reply. Required unless reaction is provided.', optional: true },
        commentId: {
          type: Number,
          description:
            'The numeric ID of the pull request review comment to reply or react to. Use the number from a #discussion_r... anchor, not the GraphQL thread node ID (PRRT_...).',
          minimum: 1,
        },
        owner: { type: String, description: 'Repository owner' },
        pullNumber: { type: Number, description: 'Pull request number. Required when body is provided.', optional: true },
        reaction: {
          type: EnumOf(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']),
          description: 'Emoji reaction to add. Required unless body is provided.',
          optional: true,
        },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create((issue_number: unknown, owner: unknown, replace_parent: unknown, repo: unknown, sub_issue_id: unknown) => call('add_sub_issue'), {
    name: 'add_sub_issue',
    params: {
      issue_number: { type: Number, description: 'The parent issue number', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      replace_parent: { type: Boolean, description: 'If true, reparent the sub-issue if it already has a parent', optional: true },
      repo: { type: String, description: 'Repository name' },
      sub_issue_id: { type: Number, description: 'The ID of the sub-issue to add. ID is not the same as issue number' },
    },
  }),
  Tool.create((base_ref: unknown, custom_instructions: unknown, issue_number: unknown, owner: unknown, repo: unknown) => call('assign_copilot_to_issue'), {
    name: 'assign_copilot_to_issue',
    params: {
      base_ref: {
        type: String,
        description: "Git reference (e.g., branch) that the agent will start its work from. If not specified, defaults to the repository's default branch",
        optional: true,
      },
      custom_instructions: {
        type: String,
        description:
          'Optional custom instructions to guide the agent beyond the issue body. Use this to provide additional context, constraints, or guidance that is not captured in the issue description',
        optional: true,
      },
      issue_number: { type: Number, description: 'Issue number' },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (
      base_ref: unknown,
      confidence: unknown,
      custom_instructions: unknown,
      is_suggestion: unknown,
      issue_number: unknown,
      owner: unknown,
      rationale: unknown,
      repo: unknown,
    ) => call('assign_copilot_to_issue_with_intent'),
    {
      name: 'assign_copilot_to_issue_with_intent',
      params: {
        base_ref: {
          type: String,
          description:
            "Git reference (e.g., branch) that the agent will start its work from. If not specified, defaults to the repository's default branch. Ignored when is_suggestion is true",
          optional: true,
        },
        confidence: {
          type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
          description:
            "How confident you are in this choice. 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
        },
        custom_instructions: {
          type: String,
          description: 'Optional custom instructions to guide the agent beyond the issue body. Ignored when is_suggestion is true',
          optional: true,
        },
        is_suggestion: {
          type: Boolean,
          description:
            'If true, records a pending Copilot assignment intent rather than launching the agent. Approval later supplies the launch context; base_ref and custom_instructions are ignored in this case.',
        },
        issue_number: { type: Number, description: 'Issue number' },
        owner: { type: String, description: 'Repository owner' },
        rationale: {
          type: String,
          description:
            "One concise sentence explaining what specifically about the issue led to choosing Copilot. State the concrete signal (e.g. 'Well-scoped task with clear acceptance criteria').",
          maxLength: 280,
        },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create((branch: unknown, from_branch: unknown, owner: unknown, repo: unknown) => call('create_branch'), {
    name: 'create_branch',
    params: {
      branch: { type: String, description: 'Name for new branch' },
      from_branch: { type: String, description: 'Source branch (defaults to repo default)', optional: true },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((content: unknown, description: unknown, filename: unknown, isPublic: unknown) => call('create_gist'), {
    name: 'create_gist',
    params: {
      content: { type: String, description: 'Content for simple single-file gist creation' },
      description: { type: String, description: 'Description of the gist', optional: true },
      filename: { type: String, description: 'Filename for simple single-file gist creation' },
      isPublic: { type: Boolean, name: 'public', description: 'Whether the gist is public', optional: true, default: false },
    },
  }),
  Tool.create((body: unknown, owner: unknown, repo: unknown, title: unknown) => call('create_issue'), {
    name: 'create_issue',
    params: {
      body: { type: String, description: 'Issue body content (optional)', optional: true },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
      title: { type: String, description: 'Issue title' },
    },
  }),
  Tool.create(
    (allow_symlink_write: unknown, branch: unknown, content: unknown, message: unknown, owner: unknown, path: unknown, repo: unknown, sha: unknown) =>
      call('create_or_update_file'),
    {
      name: 'create_or_update_file',
      params: {
        allow_symlink_write: {
          type: Boolean,
          description: 'Set true to update a symbolic link itself; content must be its new target path.',
          optional: true,
          default: false,
        },
        branch: { type: String, description: 'Branch to create/update the file in' },
        content: {
          type: String,
          description:
            'Content of the file, exactly as it should appear once written. Do not base64-encode it; this server does that before calling the REST API.',
        },
        message: { type: String, description: 'Commit message' },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        path: { type: String, description: 'Path where to create/update the file' },
        repo: { type: String, description: 'Repository name' },
        sha: { type: String, description: 'The blob SHA of the file being replaced. Required if the file already exists.', optional: true },
      },
    },
  ),
  Tool.create(
    (
      base: unknown,
      body: unknown,
      draft: unknown,
      head: unknown,
      maintainer_can_modify: unknown,
      owner: unknown,
      repo: unknown,
      reviewers: unknown,
      title: unknown,
    ) => call('create_pull_request'),
    {
      name: 'create_pull_request',
      params: {
        base: { type: String, description: 'Branch to merge into' },
        body: { type: String, description: 'PR description', optional: true },
        draft: { type: Boolean, description: 'Create as draft PR', optional: true },
        head: { type: String, description: 'Branch containing changes' },
        maintainer_can_modify: { type: Boolean, description: 'Allow maintainer edits', optional: true },
        owner: { type: String, description: 'Repository owner' },
        repo: { type: String, description: 'Repository name' },
        reviewers: { type: [String], description: 'GitHub usernames or ORG/team-slug team reviewers to request reviews from', optional: true },
        title: { type: String, description: 'PR title' },
      },
    },
  ),
  Tool.create((body: unknown, commitID: unknown, event: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('create_pull_request_review'), {
    name: 'create_pull_request_review',
    params: {
      body: { type: String, description: 'The review body text (optional)', optional: true },
      commitID: { type: String, description: 'The SHA of the commit to review (optional, defaults to latest)', optional: true },
      event: {
        type: EnumOf(['APPROVE', 'REQUEST_CHANGES', 'COMMENT']),
        description: 'The review action to perform. If omitted, creates a pending review.',
        optional: true,
      },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((autoInit: unknown, description: unknown, name: unknown, organization: unknown, isPrivate: unknown) => call('create_repository'), {
    name: 'create_repository',
    params: {
      autoInit: { type: Boolean, description: 'Initialize with README', optional: true },
      description: { type: String, description: 'Repository description', optional: true },
      name: { type: String, description: 'Repository name' },
      organization: { type: String, description: 'Organization to create the repository in (omit to create in your personal account)', optional: true },
      isPrivate: {
        type: Boolean,
        name: 'private',
        description: 'Whether the repository should be private. Defaults to true (private) when omitted.',
        optional: true,
        default: true,
      },
    },
  }),
  Tool.create((branch: unknown, message: unknown, owner: unknown, path: unknown, repo: unknown) => call('delete_file'), {
    name: 'delete_file',
    params: {
      branch: { type: String, description: 'Branch to delete the file from' },
      message: { type: String, description: 'Commit message' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      path: { type: String, description: 'Path to the file to delete' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, pullNumber: unknown, repo: unknown) => call('delete_pending_pull_request_review'), {
    name: 'delete_pending_pull_request_review',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('delete_repository'), {
    name: 'delete_repository',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (body: unknown, commentNodeID: unknown, discussionNumber: unknown, method: unknown, owner: unknown, repo: unknown) => call('discussion_comment_write'),
    {
      name: 'discussion_comment_write',
      params: {
        body: { type: String, description: "Comment content (required for 'add', 'reply', and 'update' methods)", optional: true },
        commentNodeID: {
          type: String,
          description:
            "The Node ID of the discussion comment (required for 'reply', 'update', 'delete', 'mark_answer', and 'unmark_answer' methods). For 'reply', this is the top-level comment to reply to; GitHub Discussions only support one level of nesting.",
          optional: true,
        },
        discussionNumber: { type: Number, description: "Discussion number (required for 'add' and 'reply' methods)", optional: true },
        method: {
          type: EnumOf(['add', 'reply', 'update', 'delete', 'mark_answer', 'unmark_answer']),
          description:
            "Write operation to perform on a discussion comment.\nOptions are:\n- 'add' - adds a new top-level comment to a discussion.\n- 'reply' - replies to a top-level discussion comment (GitHub Discussions only support one level of nesting).\n- 'update' - updates an existing discussion comment.\n- 'delete' - deletes a discussion comment.\n- 'mark_answer' - marks a discussion comment as the answer (Q&A only).\n- 'unmark_answer' - unmarks a discussion comment as the answer (Q&A only).\n",
        },
        owner: { type: String, description: "Repository owner (required for 'add' and 'reply' methods)", optional: true },
        repo: { type: String, description: "Repository name (required for 'add' and 'reply' methods)", optional: true },
      },
    },
  ),
  Tool.create((state: unknown, threadID: unknown) => call('dismiss_notification'), {
    name: 'dismiss_notification',
    params: {
      state: { type: EnumOf(['read', 'done']), description: 'The new state of the notification (read/done)' },
      threadID: { type: String, description: 'The ID of the notification thread' },
    },
  }),
  Tool.create(
    (confidence_threshold: unknown, issue_number: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('find_duplicate'),
    {
      name: 'find_duplicate',
      params: {
        confidence_threshold: {
          type: Number,
          description:
            "Minimum similarity threshold a candidate must meet to be returned; higher values are stricter. When omitted, the API's high-precision default is used. The scale is defined by the API, so no client-side bounds are enforced.",
          optional: true,
        },
        issue_number: { type: Number, description: 'The number of the existing issue to find duplicates for' },
        owner: { type: String, description: 'The owner of the repository' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'The name of the repository' },
      },
    },
  ),
  Tool.create((organization: unknown, owner: unknown, repo: unknown) => call('fork_repository'), {
    name: 'fork_repository',
    params: {
      organization: { type: String, description: 'Organization to fork to', optional: true },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((findingNumber: unknown, owner: unknown, repo: unknown) => call('get_code_quality_finding'), {
    name: 'get_code_quality_finding',
    params: {
      findingNumber: { type: Number, description: 'The number of the finding.' },
      owner: { type: String, description: 'The owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
    },
  }),
  Tool.create((alertNumber: unknown, owner: unknown, repo: unknown) => call('get_code_scanning_alert'), {
    name: 'get_code_scanning_alert',
    params: {
      alertNumber: { type: Number, description: 'The number of the alert.' },
      owner: { type: String, description: 'The owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
    },
  }),
  Tool.create((detail: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown, sha: unknown) => call('get_commit'), {
    name: 'get_commit',
    params: {
      detail: {
        type: EnumOf(['none', 'stats', 'full_patch']),
        description:
          'Level of detail to include for changed files. "none" omits stats and files entirely. "stats" (default) includes per-file metadata: filename, status, and lines-of-code counts (additions, deletions, changes), with no patch content. "full_patch" additionally includes the unified diff content for each file and can be very large.',
        optional: true,
        default: 'stats',
      },
      owner: { type: String, description: 'Repository owner' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'Repository name' },
      sha: { type: String, description: 'Commit SHA, branch name, or tag name' },
    },
  }),
  Tool.create((alertNumber: unknown, owner: unknown, repo: unknown) => call('get_dependabot_alert'), {
    name: 'get_dependabot_alert',
    params: {
      alertNumber: { type: Number, description: 'The number of the alert.' },
      owner: { type: String, description: 'The owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
    },
  }),
  Tool.create((discussionNumber: unknown, owner: unknown, repo: unknown) => call('get_discussion'), {
    name: 'get_discussion',
    params: {
      discussionNumber: { type: Number, description: 'Discussion Number' },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (after: unknown, discussionNumber: unknown, includeReplies: unknown, owner: unknown, perPage: unknown, repo: unknown) => call('get_discussion_comments'),
    {
      name: 'get_discussion_comments',
      params: {
        after: { type: String, description: 'Cursor for pagination. Use the cursor from the previous response.', optional: true },
        discussionNumber: { type: Number, description: 'Discussion Number' },
        includeReplies: {
          type: Boolean,
          description:
            'When true, each top-level comment will include its replies nested within it (up to 100 replies per comment, which is the GitHub API maximum). Defaults to false.',
          optional: true,
        },
        owner: { type: String, description: 'Repository owner' },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create(
    (after: unknown, end_line: unknown, owner: unknown, path: unknown, perPage: unknown, ref: unknown, repo: unknown, start_line: unknown) =>
      call('get_file_blame'),
    {
      name: 'get_file_blame',
      params: {
        after: { type: String, description: 'Cursor for pagination. Use the cursor from the previous response.', optional: true },
        end_line: {
          type: Number,
          description: 'Optional 1-based ending line of the window of interest. Must be >= start_line when both are provided.',
          minimum: 1,
          optional: true,
        },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        path: { type: String, description: 'Path to the file in the repository, relative to the repository root' },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        ref: { type: String, description: "Git reference (branch, tag, or commit SHA). Defaults to the repository's default branch (HEAD).", optional: true },
        repo: { type: String, description: 'Repository name' },
        start_line: {
          type: Number,
          description:
            'Optional 1-based starting line of the window of interest. Only ranges overlapping [start_line, end_line] are returned, clamped to the window.',
          minimum: 1,
          optional: true,
        },
      },
    },
  ),
  Tool.create((fields: unknown, owner: unknown, path: unknown, ref: unknown, repo: unknown, sha: unknown) => call('get_file_contents'), {
    name: 'get_file_contents',
    params: {
      fields: {
        type: [EnumOf(['type', 'name', 'path', 'size', 'sha', 'url', 'git_url', 'html_url', 'download_url'])],
        description:
          "Subset of fields to return for each entry when the path is a directory. If omitted, all fields are returned. Ignored when the path is a single file. Use this to reduce response size when listing directories and you only need specific fields, e.g. just 'name' and 'type'.",
        optional: true,
      },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      path: { type: String, description: 'Path to file/directory', optional: true, default: '/' },
      ref: {
        type: String,
        description: 'Accepts optional git refs such as `refs/tags/{tag}`, `refs/heads/{branch}` or `refs/pull/{pr_number}/head`',
        optional: true,
      },
      repo: { type: String, description: 'Repository name' },
      sha: { type: String, description: 'Accepts optional commit SHA. If specified, it will be used instead of ref', optional: true },
    },
  }),
  Tool.create((gist_id: unknown) => call('get_gist'), {
    name: 'get_gist',
    params: {
      gist_id: { type: String, description: 'The ID of the gist' },
    },
  }),
  Tool.create((ghsaId: unknown) => call('get_global_security_advisory'), {
    name: 'get_global_security_advisory',
    params: {
      ghsaId: { type: String, description: 'GitHub Security Advisory ID (format: GHSA-xxxx-xxxx-xxxx).' },
    },
  }),
  Tool.create(
    (failed_only: unknown, job_id: unknown, owner: unknown, repo: unknown, return_content: unknown, run_id: unknown, tail_lines: unknown) =>
      call('get_job_logs'),
    {
      name: 'get_job_logs',
      params: {
        failed_only: { type: Boolean, description: 'When true, gets logs for all failed jobs in run_id', optional: true },
        job_id: { type: Number, description: 'The unique identifier of the workflow job (required for single job logs)', optional: true },
        owner: { type: String, description: 'Repository owner' },
        repo: { type: String, description: 'Repository name' },
        return_content: { type: Boolean, description: 'Returns actual log content instead of URLs', optional: true },
        run_id: { type: Number, description: 'Workflow run ID (required when using failed_only)', optional: true },
        tail_lines: { type: Number, description: 'Number of lines to return from the end of the log', optional: true, default: 500 },
      },
    },
  ),
  Tool.create((name: unknown, owner: unknown, repo: unknown) => call('get_label'), {
    name: 'get_label',
    params: {
      name: { type: String, description: 'Label name.' },
      owner: { type: String, description: 'Repository owner (username or organization name)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('get_latest_release'), {
    name: 'get_latest_release',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(() => call('get_me'), {
    name: 'get_me',
    params: {},
  }),
  Tool.create((notificationID: unknown) => call('get_notification_details'), {
    name: 'get_notification_details',
    params: {
      notificationID: { type: String, description: 'The ID of the notification' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown, tag: unknown) => call('get_release_by_tag'), {
    name: 'get_release_by_tag',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
      tag: { type: String, description: "Tag name (e.g., 'v1.0.0')" },
    },
  }),
  Tool.create((owner: unknown, path_filter: unknown, recursive: unknown, repo: unknown, tree_sha: unknown) => call('get_repository_tree'), {
    name: 'get_repository_tree',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      path_filter: {
        type: String,
        description: "Optional path prefix to filter the tree results (e.g., 'src/' to only show files in the src directory)",
        optional: true,
      },
      recursive: {
        type: Boolean,
        description: 'Setting this parameter to true returns the objects or subtrees referenced by the tree. Default is false',
        optional: true,
        default: false,
      },
      repo: { type: String, description: 'Repository name' },
      tree_sha: {
        type: String,
        description: "The SHA1 value or ref (branch or tag) name of the tree. Defaults to the repository's default branch",
        optional: true,
      },
    },
  }),
  Tool.create((alertNumber: unknown, owner: unknown, repo: unknown) => call('get_secret_scanning_alert'), {
    name: 'get_secret_scanning_alert',
    params: {
      alertNumber: { type: Number, description: 'The number of the alert.' },
      owner: { type: String, description: 'The owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown, tag: unknown) => call('get_tag'), {
    name: 'get_tag',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
      tag: { type: String, description: 'Tag name' },
    },
  }),
  Tool.create((org: unknown, team_slug: unknown) => call('get_team_members'), {
    name: 'get_team_members',
    params: {
      org: { type: String, description: 'Organization login (owner) that contains the team.' },
      team_slug: { type: String, description: 'Team slug' },
    },
  }),
  Tool.create((user: unknown) => call('get_teams'), {
    name: 'get_teams',
    params: {
      user: { type: String, description: 'Username to get teams for. If not provided, uses the authenticated user.', optional: true },
    },
  }),
  Tool.create((issue_number: unknown, method: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('issue_dependency_read'), {
    name: 'issue_dependency_read',
    params: {
      issue_number: { type: Number, description: 'The number of the issue' },
      method: {
        type: EnumOf(['get_blocked_by', 'get_blocking']),
        description:
          "The read operation to perform on a single issue's dependencies.\nOptions are:\n1. get_blocked_by - List the issues that block this issue (this issue is blocked by them).\n2. get_blocking - List the issues that this issue blocks.\n",
      },
      owner: { type: String, description: 'The owner of the repository' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'The name of the repository' },
    },
  }),
  Tool.create(
    (
      issue_number: unknown,
      method: unknown,
      owner: unknown,
      related_issue_number: unknown,
      related_owner: unknown,
      related_repo: unknown,
      repo: unknown,
      type: unknown,
    ) => call('issue_dependency_write'),
    {
      name: 'issue_dependency_write',
      params: {
        issue_number: { type: Number, description: 'The number of the subject issue' },
        method: {
          type: EnumOf(['add', 'remove']),
          description: "The action to perform.\nOptions are:\n- 'add' - create the dependency relationship.\n- 'remove' - delete the dependency relationship.",
        },
        owner: { type: String, description: "The owner of the subject issue's repository" },
        related_issue_number: { type: Number, description: 'The number of the related issue to link or unlink' },
        related_owner: { type: String, description: "The owner of the related issue's repository. Defaults to 'owner' when omitted.", optional: true },
        related_repo: { type: String, description: "The name of the related issue's repository. Defaults to 'repo' when omitted.", optional: true },
        repo: { type: String, description: "The name of the subject issue's repository" },
        type: {
          type: EnumOf(['blocked_by', 'blocking']),
          description:
            "The relationship direction relative to the subject issue.\nOptions are:\n- 'blocked_by' - the subject issue is blocked by the related issue.\n- 'blocking' - the subject issue blocks the related issue.",
        },
      },
    },
  ),
  Tool.create((issue_number: unknown, method: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('issue_read'), {
    name: 'issue_read',
    params: {
      issue_number: { type: Number, description: 'The number of the issue' },
      method: {
        type: EnumOf(['get', 'get_comments', 'get_sub_issues', 'get_parent', 'get_labels']),
        description:
          'The read operation to perform on a single issue.\nOptions are:\n1. get - Get issue details. Also returns best-effort hierarchy flags (`has_parent`, `has_children`); `parent` and `sub_issues_summary` are optional relationship summaries, and `closed_by_pull_requests` summarizes the pull requests configured to close the issue as `total_count` plus up to 5 `references`.\n2. get_comments - Get issue comments.\n3. get_sub_issues - Get sub-issues (children) of the issue.\n4. get_parent - Get the parent issue, if this issue is a sub-issue of another.\n5. get_labels - Get labels assigned to the issue.\n',
      },
      owner: { type: String, description: 'The owner of the repository' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'The name of the repository' },
    },
  }),
  Tool.create(
    (
      assignees: unknown,
      body: unknown,
      duplicate_of: unknown,
      issue_fields: unknown,
      issue_number: unknown,
      labels: unknown,
      method: unknown,
      milestone: unknown,
      owner: unknown,
      repo: unknown,
      state: unknown,
      state_reason: unknown,
      title: unknown,
      type: unknown,
    ) => call('issue_write'),
    {
      name: 'issue_write',
      params: {
        assignees: { type: [String], description: 'Usernames to assign to this issue', optional: true },
        body: { type: String, description: 'Issue body content', optional: true },
        duplicate_of: {
          type: Number,
          description: "Issue number that this issue is a duplicate of. Required when state_reason is 'duplicate'.",
          optional: true,
        },
        issue_fields: {
          type: [
            ObjectOf({
              delete: {
                type: Boolean,
                description:
                  "Set to true to clear this field's current value on the issue. When false or omitted, this property is ignored. Cannot be true when 'value' or 'field_option_name' is provided.",
                optional: true,
              },
              field_name: {
                type: String,
                description: 'Issue field name (case-insensitive). Must match a field returned by list_issue_fields for this repository or its organization.',
              },
              field_option_name: {
                type: String,
                description:
                  "Option name for single-select fields. Validated against the field's options before the API call. Cannot be combined with 'value' or 'delete: true'.",
                optional: true,
              },
              value: {
                type: AnyOf(String, Number, Boolean),
                description:
                  "Value to set. Use for text, number, and date fields (date as YYYY-MM-DD). For single-select fields, prefer 'field_option_name' so the option is validated before the API call. Cannot be combined with 'field_option_name' or 'delete: true'.",
                optional: true,
              },
            }),
          ],
          description:
            "Issue field values to set or clear. Each item requires 'field_name' and exactly one of 'value', 'field_option_name', or 'delete: true'.",
          optional: true,
        },
        issue_number: { type: Number, description: 'Issue number to update', optional: true },
        labels: { type: [String], description: 'Labels to apply to this issue', optional: true },
        method: {
          type: EnumOf(['create', 'update']),
          description:
            "Write operation to perform on a single issue.\nOptions are:\n- 'create' - creates a new issue.\n- 'update' - updates an existing issue.\n",
        },
        milestone: { type: Number, description: 'Milestone number', optional: true },
        owner: { type: String, description: 'Repository owner' },
        repo: { type: String, description: 'Repository name' },
        state: { type: EnumOf(['open', 'closed']), description: 'New state', optional: true },
        state_reason: {
          type: EnumOf(['completed', 'not_planned', 'duplicate']),
          description: 'Reason for the state change. Ignored unless state is changed.',
          optional: true,
        },
        title: { type: String, description: 'Issue title', optional: true },
        type: {
          type: String,
          minLength: 1,
          description:
            "Type of this issue. For updates, pass null to remove the current type. Only use if issue types are enabled for this repository. Use list_issue_types to get valid type values for this repository or its owner organization. If the repository doesn't support issue types, omit this parameter.",
          nullable: true,
          optional: true,
        },
      },
    },
  ),
  Tool.create((color: unknown, description: unknown, method: unknown, name: unknown, new_name: unknown, owner: unknown, repo: unknown) => call('label_write'), {
    name: 'label_write',
    params: {
      color: {
        type: String,
        description: "Label color as 6-character hex code without '#' prefix (e.g., 'f29513'). Required for 'create', optional for 'update'.",
        optional: true,
      },
      description: { type: String, description: "Label description text. Optional for 'create' and 'update'.", optional: true },
      method: { type: EnumOf(['create', 'update', 'delete']), description: "Operation to perform: 'create', 'update', or 'delete'" },
      name: { type: String, description: 'Label name - required for all operations' },
      new_name: { type: String, description: "New name for the label (used only with 'update' method to rename)", optional: true },
      owner: { type: String, description: 'Repository owner (username or organization name)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('list_branches'), {
    name: 'list_branches',
    params: {
      owner: { type: String, description: 'Repository owner' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (owner: unknown, page: unknown, perPage: unknown, ref: unknown, repo: unknown, severity: unknown, state: unknown, tool_name: unknown) =>
      call('list_code_scanning_alerts'),
    {
      name: 'list_code_scanning_alerts',
      params: {
        owner: { type: String, description: 'The owner of the repository.' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        ref: { type: String, description: 'The Git reference for the results you want to list.', optional: true },
        repo: { type: String, description: 'The name of the repository.' },
        severity: {
          type: EnumOf(['critical', 'high', 'medium', 'low', 'warning', 'note', 'error']),
          description: 'Filter code scanning alerts by severity',
          optional: true,
        },
        state: {
          type: EnumOf(['open', 'closed', 'dismissed', 'fixed']),
          description: 'Filter code scanning alerts by state. Defaults to open',
          optional: true,
          default: 'open',
        },
        tool_name: { type: String, description: 'The name of the tool used for code scanning.', optional: true },
      },
    },
  ),
  Tool.create(
    (
      author: unknown,
      fields: unknown,
      owner: unknown,
      page: unknown,
      path: unknown,
      perPage: unknown,
      repo: unknown,
      sha: unknown,
      since: unknown,
      until: unknown,
    ) => call('list_commits'),
    {
      name: 'list_commits',
      params: {
        author: { type: String, description: 'Author username or email address to filter commits by', optional: true },
        fields: {
          type: [EnumOf(['sha', 'html_url', 'commit', 'author', 'committer'])],
          description:
            "Subset of fields to return for each commit. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields, e.g. just 'sha' and 'html_url'.",
          optional: true,
        },
        owner: { type: String, description: 'Repository owner' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        path: { type: String, description: 'Only commits containing this file path will be returned', optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name' },
        sha: {
          type: String,
          description:
            'Commit SHA, branch or tag name to list commits of. If not provided, uses the default branch of the repository. If a commit SHA is provided, will list commits up to that SHA.',
          optional: true,
        },
        since: {
          type: String,
          description: 'Only commits after this date will be returned (ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD)',
          optional: true,
        },
        until: {
          type: String,
          description: 'Only commits before this date will be returned (ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD)',
          optional: true,
        },
      },
    },
  ),
  Tool.create((after: unknown, owner: unknown, perPage: unknown, repo: unknown, severity: unknown, state: unknown) => call('list_dependabot_alerts'), {
    name: 'list_dependabot_alerts',
    params: {
      after: { type: String, description: 'Cursor for pagination. Use the cursor from the previous response.', optional: true },
      owner: { type: String, description: 'The owner of the repository.' },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'The name of the repository.' },
      severity: { type: EnumOf(['low', 'medium', 'high', 'critical']), description: 'Filter dependabot alerts by severity', optional: true },
      state: {
        type: EnumOf(['open', 'fixed', 'dismissed', 'auto_dismissed']),
        description: 'Filter dependabot alerts by state. Defaults to open',
        optional: true,
        default: 'open',
      },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('list_discussion_categories'), {
    name: 'list_discussion_categories',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name. If not provided, discussion categories will be queried at the organisation level.', optional: true },
    },
  }),
  Tool.create(
    (after: unknown, category: unknown, direction: unknown, orderBy: unknown, owner: unknown, perPage: unknown, repo: unknown) => call('list_discussions'),
    {
      name: 'list_discussions',
      params: {
        after: { type: String, description: 'Cursor for pagination. Use the cursor from the previous response.', optional: true },
        category: {
          type: String,
          description: 'Optional filter by discussion category ID. If provided, only discussions with this category are listed.',
          optional: true,
        },
        direction: { type: EnumOf(['ASC', 'DESC']), description: 'Order direction.', optional: true },
        orderBy: {
          type: EnumOf(['CREATED_AT', 'UPDATED_AT']),
          description: "Order discussions by field. If provided, the 'direction' also needs to be provided.",
          optional: true,
        },
        owner: { type: String, description: 'Repository owner' },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name. If not provided, discussions will be queried at the organisation level.', optional: true },
      },
    },
  ),
  Tool.create((page: unknown, perPage: unknown, since: unknown, username: unknown) => call('list_gists'), {
    name: 'list_gists',
    params: {
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      since: { type: String, description: 'Only gists updated after this time (ISO 8601 timestamp)', optional: true },
      username: { type: String, description: "GitHub username (omit for authenticated user's gists)", optional: true },
    },
  }),
  Tool.create(
    (
      affects: unknown,
      cveId: unknown,
      cwes: unknown,
      ecosystem: unknown,
      ghsaId: unknown,
      isWithdrawn: unknown,
      modified: unknown,
      published: unknown,
      severity: unknown,
      type: unknown,
      updated: unknown,
    ) => call('list_global_security_advisories'),
    {
      name: 'list_global_security_advisories',
      params: {
        affects: { type: String, description: 'Filter advisories by affected package or version (e.g. "package1,package2@1.0.0").', optional: true },
        cveId: { type: String, description: 'Filter by CVE ID.', optional: true },
        cwes: { type: [String], description: 'Filter by Common Weakness Enumeration IDs (e.g. ["79", "284", "22"]).', optional: true },
        ecosystem: {
          type: EnumOf(['actions', 'composer', 'erlang', 'go', 'maven', 'npm', 'nuget', 'other', 'pip', 'pub', 'rubygems', 'rust']),
          description: 'Filter by package ecosystem.',
          optional: true,
        },
        ghsaId: { type: String, description: 'Filter by GitHub Security Advisory ID (format: GHSA-xxxx-xxxx-xxxx).', optional: true },
        isWithdrawn: { type: Boolean, description: 'Whether to only return withdrawn advisories.', optional: true },
        modified: { type: String, description: 'Filter by publish or update date or date range (ISO 8601 date or range).', optional: true },
        published: { type: String, description: 'Filter by publish date or date range (ISO 8601 date or range).', optional: true },
        severity: { type: EnumOf(['unknown', 'low', 'medium', 'high', 'critical']), description: 'Filter by severity.', optional: true },
        type: { type: EnumOf(['reviewed', 'malware', 'unreviewed']), description: 'Advisory type.', optional: true, default: 'reviewed' },
        updated: { type: String, description: 'Filter by update date or date range (ISO 8601 date or range).', optional: true },
      },
    },
  ),
  Tool.create((owner: unknown, repo: unknown) => call('list_issue_fields'), {
    name: 'list_issue_fields',
    params: {
      owner: { type: String, description: 'The account owner of the repository or organization. The name is not case sensitive.' },
      repo: {
        type: String,
        description:
          'The name of the repository. When provided, returns fields for this specific repository (inherited from its organization). When omitted, returns org-level fields directly.',
        optional: true,
      },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('list_issue_types'), {
    name: 'list_issue_types',
    params: {
      owner: { type: String, description: 'The account owner of the repository or organization.' },
      repo: {
        type: String,
        description:
          'The name of the repository. When provided, returns issue types for this specific repository. When omitted, returns org-level issue types directly.',
        optional: true,
      },
    },
  }),
  Tool.create(
    (
      after: unknown,
      direction: unknown,
      field_filters: unknown,
      fields: unknown,
      labels: unknown,
      orderBy: unknown,
      owner: unknown,
      perPage: unknown,
      repo: unknown,
      since: unknown,
      state: unknown,
    ) => call('list_issues'),
    {
      name: 'list_issues',
      params: {
        after: { type: String, description: 'Cursor for pagination. Use the cursor from the previous response.', optional: true },
        direction: { type: EnumOf(['ASC', 'DESC']), description: "Order direction. If provided, the 'orderBy' also needs to be provided.", optional: true },
        field_filters: {
          type: [
            ObjectOf({
              field_name: { type: String, description: 'Name of the custom field (e.g. "Priority"). Case-insensitive.' },
              value: {
                type: String,
                description:
                  'Value to filter on. For single-select fields, the option name (e.g. "P1"). For dates, YYYY-MM-DD. For numbers, the numeric value as a string. For text, the text value.',
              },
            }),
          ],
          description:
            'Filter by custom issue field values. Each entry takes a field_name and a value; the server looks up the field and coerces the value to its type (single-select option name, text, number, or YYYY-MM-DD date).',
          optional: true,
        },
        fields: {
          type: [EnumOf(['number', 'title', 'body', 'state', 'user', 'labels', 'assignees', 'comments', 'created_at', 'updated_at', 'field_values'])],
          description:
            "Subset of fields to return for each issue. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'body' and 'field_values' in particular drops the largest per-result data.",
          optional: true,
        },
        labels: { type: [String], description: 'Filter by labels', optional: true },
        orderBy: {
          type: EnumOf(['CREATED_AT', 'UPDATED_AT', 'COMMENTS']),
          description: "Order issues by field. If provided, the 'direction' also needs to be provided.",
          optional: true,
        },
        owner: { type: String, description: 'Repository owner' },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name' },
        since: { type: String, description: 'Filter by date (ISO 8601 timestamp)', optional: true },
        state: {
          type: EnumOf(['OPEN', 'CLOSED']),
          description: 'Filter by state, by default both open and closed issues are returned when not provided',
          optional: true,
        },
      },
    },
  ),
  Tool.create((owner: unknown, repo: unknown) => call('list_label'), {
    name: 'list_label',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization name) - required for all operations' },
      repo: { type: String, description: 'Repository name - required for all operations' },
    },
  }),
  Tool.create(
    (before: unknown, filter: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown, since: unknown) => call('list_notifications'),
    {
      name: 'list_notifications',
      params: {
        before: { type: String, description: 'Only show notifications updated before the given time (ISO 8601 format)', optional: true },
        filter: {
          type: EnumOf(['default', 'include_read_notifications', 'only_participating']),
          description:
            'Filter notifications to, use default unless specified. Read notifications are ones that have already been acknowledged by the user. Participating notifications are those that the user is directly involved in, such as issues or pull requests they have commented on or created.',
          optional: true,
        },
        owner: {
          type: String,
          description: 'Optional repository owner. If provided with repo, only notifications for this repository are listed.',
          optional: true,
        },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: {
          type: String,
          description: 'Optional repository name. If provided with owner, only notifications for this repository are listed.',
          optional: true,
        },
        since: { type: String, description: 'Only show notifications updated after the given time (ISO 8601 format)', optional: true },
      },
    },
  ),
  Tool.create((direction: unknown, org: unknown, sort: unknown, state: unknown) => call('list_org_repository_security_advisories'), {
    name: 'list_org_repository_security_advisories',
    params: {
      direction: { type: EnumOf(['asc', 'desc']), description: 'Sort direction.', optional: true },
      org: { type: String, description: 'The organization login.' },
      sort: { type: EnumOf(['created', 'updated', 'published']), description: 'Sort field.', optional: true },
      state: { type: EnumOf(['triage', 'draft', 'published', 'closed']), description: 'Filter by advisory state.', optional: true },
    },
  }),
  Tool.create(
    (
      base: unknown,
      direction: unknown,
      fields: unknown,
      head: unknown,
      owner: unknown,
      page: unknown,
      perPage: unknown,
      repo: unknown,
      sort: unknown,
      state: unknown,
    ) => call('list_pull_requests'),
    {
      name: 'list_pull_requests',
      params: {
        base: { type: String, description: 'Filter by base branch', optional: true },
        direction: { type: EnumOf(['asc', 'desc']), description: 'Sort direction', optional: true },
        fields: {
          type: [
            EnumOf([
              'number',
              'title',
              'body',
              'state',
              'draft',
              'merged',
              'mergeable_state',
              'html_url',
              'user',
              'labels',
              'assignees',
              'requested_reviewers',
              'merged_by',
              'head',
              'base',
              'additions',
              'deletions',
              'changed_files',
              'commits',
              'comments',
              'created_at',
              'updated_at',
              'closed_at',
              'merged_at',
              'milestone',
            ]),
          ],
          description:
            "Subset of fields to return for each pull request. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'body' in particular drops the largest per-result data.",
          optional: true,
        },
        head: { type: String, description: 'Filter by head user/org and branch', optional: true },
        owner: { type: String, description: 'Repository owner' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'Repository name' },
        sort: { type: EnumOf(['created', 'updated', 'popularity', 'long-running']), description: 'Sort by', optional: true },
        state: { type: EnumOf(['open', 'closed', 'all']), description: 'Filter by state', optional: true },
      },
    },
  ),
  Tool.create((fields: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('list_releases'), {
    name: 'list_releases',
    params: {
      fields: {
        type: [EnumOf(['id', 'tag_name', 'name', 'body', 'html_url', 'published_at', 'prerelease', 'draft', 'author'])],
        description:
          "Subset of fields to return for each release. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'body' in particular drops the largest per-release data.",
        optional: true,
      },
      owner: { type: String, description: 'Repository owner' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((affiliation: unknown, owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('list_repository_collaborators'), {
    name: 'list_repository_collaborators',
    params: {
      affiliation: {
        type: EnumOf(['outside', 'direct', 'all']),
        description:
          "Filter by affiliation. Can be one of: 'outside' (outside collaborators), 'direct' (all with permissions regardless of org membership), 'all' (all collaborators). Default: 'all'",
        optional: true,
      },
      owner: { type: String, description: 'Repository owner' },
      page: { type: Number, description: 'Page number for pagination (default 1, min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (default 30, min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((direction: unknown, owner: unknown, repo: unknown, sort: unknown, state: unknown) => call('list_repository_security_advisories'), {
    name: 'list_repository_security_advisories',
    params: {
      direction: { type: EnumOf(['asc', 'desc']), description: 'Sort direction.', optional: true },
      owner: { type: String, description: 'The owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
      sort: { type: EnumOf(['created', 'updated', 'published']), description: 'Sort field.', optional: true },
      state: { type: EnumOf(['triage', 'draft', 'published', 'closed']), description: 'Filter by advisory state.', optional: true },
    },
  }),
  Tool.create(
    (owner: unknown, page: unknown, perPage: unknown, repo: unknown, resolution: unknown, secret_type: unknown, state: unknown) =>
      call('list_secret_scanning_alerts'),
    {
      name: 'list_secret_scanning_alerts',
      params: {
        owner: { type: String, description: 'The owner of the repository.' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        repo: { type: String, description: 'The name of the repository.' },
        resolution: {
          type: EnumOf(['false_positive', 'wont_fix', 'revoked', 'pattern_edited', 'pattern_deleted', 'used_in_tests']),
          description: 'Filter by resolution',
          optional: true,
        },
        secret_type: {
          type: String,
          description:
            'A comma-separated list of secret types to return. All default secret patterns are returned. To return generic patterns, pass the token name(s) in the parameter.',
          optional: true,
        },
        state: { type: EnumOf(['open', 'resolved']), description: 'Filter by state', optional: true },
      },
    },
  ),
  Tool.create((direction: unknown, page: unknown, perPage: unknown, sort: unknown, username: unknown) => call('list_starred_repositories'), {
    name: 'list_starred_repositories',
    params: {
      direction: { type: EnumOf(['asc', 'desc']), description: 'The direction to sort the results by.', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      sort: {
        type: EnumOf(['created', 'updated']),
        description:
          "How to sort the results. Can be either 'created' (when the repository was starred) or 'updated' (when the repository was last pushed to).",
        optional: true,
      },
      username: { type: String, description: 'Username to list starred repositories for. Defaults to the authenticated user.', optional: true },
    },
  }),
  Tool.create((owner: unknown, page: unknown, perPage: unknown, repo: unknown) => call('list_tags'), {
    name: 'list_tags',
    params: {
      owner: { type: String, description: 'Repository owner' },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((action: unknown, notificationID: unknown) => call('manage_notification_subscription'), {
    name: 'manage_notification_subscription',
    params: {
      action: { type: EnumOf(['ignore', 'watch', 'delete']), description: 'Action to perform: ignore, watch, or delete the notification subscription.' },
      notificationID: { type: String, description: 'The ID of the notification thread.' },
    },
  }),
  Tool.create((action: unknown, owner: unknown, repo: unknown) => call('manage_repository_notification_subscription'), {
    name: 'manage_repository_notification_subscription',
    params: {
      action: {
        type: EnumOf(['ignore', 'watch', 'delete']),
        description: 'Action to perform: ignore, watch, or delete the repository notification subscription.',
      },
      owner: { type: String, description: 'The account owner of the repository.' },
      repo: { type: String, description: 'The name of the repository.' },
    },
  }),
  Tool.create((lastReadAt: unknown, owner: unknown, repo: unknown) => call('mark_all_notifications_read'), {
    name: 'mark_all_notifications_read',
    params: {
      lastReadAt: { type: String, description: 'Describes the last point that notifications were checked (optional). Default: Now', optional: true },
      owner: {
        type: String,
        description: 'Optional repository owner. If provided with repo, only notifications for this repository are marked as read.',
        optional: true,
      },
      repo: {
        type: String,
        description: 'Optional repository name. If provided with owner, only notifications for this repository are marked as read.',
        optional: true,
      },
    },
  }),
  Tool.create(
    (commit_message: unknown, commit_title: unknown, merge_method: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('merge_pull_request'),
    {
      name: 'merge_pull_request',
      params: {
        commit_message: { type: String, description: 'Extra detail for merge commit', optional: true },
        commit_title: { type: String, description: 'Title for merge commit', optional: true },
        merge_method: { type: EnumOf(['merge', 'squash', 'rebase']), description: 'Merge method', optional: true },
        owner: { type: String, description: 'Repository owner' },
        pullNumber: { type: Number, description: 'Pull request number' },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create(
    (
      field_id: unknown,
      field_names: unknown,
      fields: unknown,
      item_id: unknown,
      method: unknown,
      owner: unknown,
      owner_type: unknown,
      project_number: unknown,
      status_update_id: unknown,
      view_id: unknown,
    ) => call('projects_get'),
    {
      name: 'projects_get',
      params: {
        field_id: { type: Number, description: "The field's ID. Required for 'get_project_field' method.", optional: true },
        field_names: {
          type: [String],
          description:
            "Specific list of field names to include in the response when getting a project item (e.g. [\"Status\", \"Priority\"]). Resolved server-side to field IDs — pass this instead of 'fields' when you only know the human-readable names. Mutually exclusive with 'fields' — provide one, not both. Only used for 'get_project_item' method.",
          optional: true,
        },
        fields: {
          type: [String],
          description:
            "Specific list of field IDs to include in the response when getting a project item (e.g. [\"102589\", \"985201\", \"169875\"]). If neither 'fields' nor 'field_names' is provided, only the title field is included. Mutually exclusive with 'field_names' — provide one, not both. Only used for 'get_project_item' method.",
          optional: true,
        },
        item_id: { type: Number, description: "The item's ID. Required for 'get_project_item' method.", optional: true },
        method: {
          type: EnumOf(['get_project', 'get_project_field', 'get_project_item', 'get_project_status_update', 'get_project_view']),
          description: 'The method to execute',
        },
        owner: { type: String, description: 'The owner (user or organization login). The name is not case sensitive.', optional: true },
        owner_type: {
          type: EnumOf(['user', 'org']),
          description: 'Owner type (user or org). If not provided, will be automatically detected.',
          optional: true,
        },
        project_number: { type: Number, description: "The project's number.", optional: true },
        status_update_id: {
          type: String,
          description: "The node ID of the project status update. Required for 'get_project_status_update' method.",
          optional: true,
        },
        view_id: { type: String, description: "The node ID of the project view. Required for 'get_project_view' method.", optional: true },
      },
    },
  ),
  Tool.create(
    (
      after: unknown,
      before: unknown,
      field_names: unknown,
      fields: unknown,
      method: unknown,
      owner: unknown,
      owner_type: unknown,
      per_page: unknown,
      project_number: unknown,
      query: unknown,
    ) => call('projects_list'),
    {
      name: 'projects_list',
      params: {
        after: { type: String, description: 'Forward pagination cursor from previous pageInfo.nextCursor.', optional: true },
        before: { type: String, description: 'Backward pagination cursor from previous pageInfo.prevCursor (rare).', optional: true },
        field_names: {
          type: [String],
          description:
            "Field names to include when listing project items (e.g. [\"Status\", \"Priority\"]). Resolved server-side to field IDs — pass this instead of 'fields' when you only know the human-readable names. Names that fail to resolve return a structured error. Mutually exclusive with 'fields' — provide one, not both. Only used for 'list_project_items' method.",
          optional: true,
        },
        fields: {
          type: [String],
          description:
            "Field IDs to include when listing project items (e.g. [\"102589\", \"985201\"]). CRITICAL: Always provide to get field values. Without this (and without 'field_names'), only titles returned. Mutually exclusive with 'field_names' — provide one, not both. Only used for 'list_project_items' method.",
          optional: true,
        },
        method: {
          type: EnumOf(['list_projects', 'list_project_fields', 'list_project_items', 'list_project_status_updates', 'list_project_views']),
          description: 'The action to perform',
        },
        owner: { type: String, description: 'The owner (user or organization login). The name is not case sensitive.' },
        owner_type: { type: EnumOf(['user', 'org']), description: 'Owner type (user or org). If not provided, will automatically try both.', optional: true },
        per_page: { type: Number, description: 'Results per page (max 50)', optional: true },
        project_number: {
          type: Number,
          description:
            "The project's number. Required for 'list_project_fields', 'list_project_items', 'list_project_views', and 'list_project_status_updates' methods.",
          optional: true,
        },
        query: {
          type: String,
          description:
            'Filter/query string. For list_projects: filter by title text and state (e.g. "roadmap is:open"). For list_project_items: advanced filtering using GitHub\'s project filtering syntax.',
          optional: true,
        },
      },
    },
  ),
  Tool.create(
    (
      body: unknown,
      field_name: unknown,
      filter: unknown,
      issue_number: unknown,
      item_id: unknown,
      item_owner: unknown,
      item_repo: unknown,
      item_type: unknown,
      items: unknown,
      iteration_duration: unknown,
      iterations: unknown,
      layout: unknown,
      method: unknown,
      name: unknown,
      owner: unknown,
      owner_type: unknown,
      project_number: unknown,
      pull_request_number: unknown,
      start_date: unknown,
      status: unknown,
      target_date: unknown,
      title: unknown,
      updated_field: unknown,
      view_id: unknown,
      visible_field_names: unknown,
      visible_fields: unknown,
    ) => call('projects_write'),
    {
      name: 'projects_write',
      params: {
        body: { type: String, description: "The body of the status update (markdown). Used for 'create_project_status_update' method.", optional: true },
        field_name: {
          type: String,
          description: "The name of the iteration field (e.g. 'Sprint'). Required for 'create_iteration_field' method.",
          optional: true,
        },
        filter: { type: String, description: 'Saved view filter; omit on update to preserve it, or pass null to clear it.', nullable: true, optional: true },
        issue_number: {
          type: Number,
          description:
            "The issue number. Required for 'add_project_item' when item_type is 'issue'. Also accepted by 'update_project_item' to resolve the item by issue number (combine with item_owner and item_repo).",
          optional: true,
        },
        item_id: {
          type: Number,
          description:
            "The project item ID. Required for 'delete_project_item'. For 'update_project_item', provide either item_id, or (item_owner + item_repo + issue_number) to resolve the item by issue.",
          optional: true,
        },
        item_owner: {
          type: String,
          description:
            "The owner (user or organization) of the repository containing the issue or pull request. Required for 'add_project_item' method. Also accepted by 'update_project_item' when resolving the item by issue number.",
          optional: true,
        },
        item_repo: {
          type: String,
          description:
            "The name of the repository containing the issue or pull request. Required for 'add_project_item' method. Also accepted by 'update_project_item' when resolving the item by issue number.",
          optional: true,
        },
        item_type: {
          type: EnumOf(['issue', 'pull_request']),
          description: "The item's type, either issue or pull_request. Required for 'add_project_item' method.",
          optional: true,
        },
        items: {
          type: [
            AnyOf(
              ObjectOf({
                node_id: { type: String, description: "The project item's GraphQL node ID, as returned by 'list_project_items' or 'add_project_item'." },
              }),
              ObjectOf({
                item_id: { type: Int, description: 'The numeric project item ID.' },
              }),
              ObjectOf({
                issue_number: { type: Int, description: 'Issue number used to resolve the project item.' },
                item_owner: { type: String, description: 'Owner of the repository containing the issue.' },
                item_repo: { type: String, description: 'Repository containing the issue.' },
              }),
            ),
          ],
          description:
            "The items to update with the top-level 'updated_field'. Required for 'update_project_items'; prefer it over calling 'update_project_item' in a loop. Each entry must match exactly one reference variant: 'node_id', numeric 'item_id', or 'item_owner' + 'item_repo' + 'issue_number'. Limit: 50 items per call.",
          optional: true,
        },
        iteration_duration: {
          type: Number,
          description: "Duration in days for iterations of the field (e.g. 7 for weekly, 14 for bi-weekly). Required for 'create_iteration_field' method.",
          optional: true,
        },
        iterations: {
          type: [
            ObjectOf({
              duration: { type: Number, description: 'Duration in days' },
              start_date: { type: String, description: 'Start date in YYYY-MM-DD format' },
              title: { type: String, description: "Iteration title (e.g. 'Sprint 1')" },
            }),
          ],
          description:
            "Custom iterations for 'create_iteration_field' method. Only set this when you need iterations with varying durations, breaks between them, or specific titles. Otherwise omit it: GitHub auto-creates three iterations of 'iteration_duration' days starting on 'start_date', which is the right choice for most cases.",
          optional: true,
        },
        layout: { type: EnumOf(['table', 'board', 'roadmap']), description: 'View layout; required when creating a view.', optional: true },
        method: {
          type: EnumOf([
            'add_project_item',
            'update_project_item',
            'update_project_items',
            'delete_project_item',
            'create_project_status_update',
            'create_project_view',
            'update_project_view',
            'delete_project_view',
            'create_project',
            'create_iteration_field',
          ]),
          description: 'The method to execute',
        },
        name: { type: String, description: 'View name; required when creating a view.', optional: true },
        owner: { type: String, description: 'The project owner (user or organization login). The name is not case sensitive.' },
        owner_type: {
          type: EnumOf(['user', 'org']),
          description: "Owner type (user or org). Required for 'create_project' method. If not provided for other methods, will be automatically detected.",
          optional: true,
        },
        project_number: { type: Number, description: "The project's number. Required for all methods except 'create_project'.", optional: true },
        pull_request_number: {
          type: Number,
          description:
            "The pull request number (use when item_type is 'pull_request' for 'add_project_item' method). Provide either issue_number or pull_request_number.",
          optional: true,
        },
        start_date: {
          type: String,
          description: "Start date in YYYY-MM-DD format. Used for 'create_project_status_update' and 'create_iteration_field' methods.",
          optional: true,
        },
        status: {
          type: EnumOf(['INACTIVE', 'ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'COMPLETE']),
          description: "The status of the project. Used for 'create_project_status_update' method.",
          optional: true,
        },
        target_date: {
          type: String,
          description: "The target date of the status update in YYYY-MM-DD format. Used for 'create_project_status_update' method.",
          optional: true,
        },
        title: { type: String, description: "The project title. Required for 'create_project' method.", optional: true },
        updated_field: {
          type: AnyOf(
            ObjectOf({
              id: { type: Int, description: 'The numeric project field ID.' },
              value: { type: JsonValue, description: 'The value to apply. Any JSON value is accepted; use null to clear the field.' },
            }),
            ObjectOf({
              name: { type: String, description: 'The project field name. Matching is case-insensitive.' },
              value: { type: JsonValue, description: 'The value to apply. Any JSON value is accepted; use null to clear the field.' },
            }),
          ),
          description:
            'The field/value to apply, using {"id": 123, "value": ...} or {"name": "Status", "value": ...}; null clears the field. Required for \'update_project_item\' and \'update_project_items\', where one top-level field/value applies to every item in a batch. For \'update_project_item\' SINGLE_SELECT fields, the name form accepts option names; the ID form expects an option ID.',
          optional: true,
        },
        view_id: { type: String, description: 'Project view node ID for update or delete; must belong to owner/project_number.', optional: true },
        visible_field_names: {
          type: [String],
          description:
            'Ordered project field names to show on create or replace on update; omit on update to preserve, or pass [] to reset. Mutually exclusive with visible_fields. Roadmap accepts only [].',
          optional: true,
        },
        visible_fields: {
          type: [String],
          description:
            'Ordered project field database IDs to show on create or replace on update; omit on update to preserve, or pass [] to reset. Mutually exclusive with visible_field_names. Roadmap accepts only [].',
          optional: true,
        },
      },
    },
  ),
  Tool.create(
    (after: unknown, method: unknown, owner: unknown, page: unknown, perPage: unknown, pullNumber: unknown, repo: unknown) => call('pull_request_read'),
    {
      name: 'pull_request_read',
      params: {
        after: {
          type: String,
          description:
            "Cursor for pagination, used only by the get_review_comments method. Pass the endCursor from the previous page's PageInfo to fetch the next page.",
          optional: true,
        },
        method: {
          type: EnumOf(['get', 'get_diff', 'get_status', 'get_files', 'get_commits', 'get_review_comments', 'get_reviews', 'get_comments', 'get_check_runs']),
          description:
            "Action to specify what pull request data needs to be retrieved from GitHub. \nPossible options: \n 1. get - Get details of a specific pull request.\n 2. get_diff - Get the diff of a pull request.\n 3. get_status - Get combined commit status of a head commit in a pull request.\n 4. get_files - Get the list of files changed in a pull request. Use with pagination parameters to control the number of results returned.\n 5. get_commits - Get the list of commits on a pull request. Use with pagination parameters to control the number of results returned.\n 6. get_review_comments - Get review threads on a pull request. Each thread contains logically grouped review comments made on the same code location during pull request reviews. Returns threads with metadata (isResolved, isOutdated, isCollapsed) and their associated comments. Use cursor-based pagination (perPage, after) to control results.\n 7. get_reviews - Get the reviews on a pull request. When asked for review comments, use get_review_comments method. Use with pagination parameters to control the number of results returned.\n 8. get_comments - Get comments on a pull request. Use this if user doesn't specifically want review comments. Use with pagination parameters to control the number of results returned.\n 9. get_check_runs - Get check runs for the head commit of a pull request. Check runs are the individual CI/CD jobs and checks that run on the PR.\n",
        },
        owner: { type: String, description: 'Repository owner' },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        pullNumber: { type: Number, description: 'Pull request number' },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create(
    (body: unknown, commitID: unknown, event: unknown, method: unknown, owner: unknown, pullNumber: unknown, repo: unknown, threadId: unknown) =>
      call('pull_request_review_write'),
    {
      name: 'pull_request_review_write',
      params: {
        body: { type: String, description: 'Review comment text', optional: true },
        commitID: { type: String, description: 'SHA of commit to review', optional: true },
        event: { type: EnumOf(['APPROVE', 'REQUEST_CHANGES', 'COMMENT']), description: 'Review action to perform.', optional: true },
        method: {
          type: EnumOf(['create', 'submit_pending', 'delete_pending', 'resolve_thread', 'unresolve_thread']),
          description: 'The write operation to perform on pull request review.',
        },
        owner: { type: String, description: 'Repository owner' },
        pullNumber: { type: Number, description: 'Pull request number' },
        repo: { type: String, description: 'Repository name' },
        threadId: {
          type: String,
          description:
            'The node ID of the review thread (e.g., PRRT_kwDOxxx). Required for resolve_thread and unresolve_thread methods. Get thread IDs from pull_request_read with method get_review_comments.',
          optional: true,
        },
      },
    },
  ),
  Tool.create((branch: unknown, files: unknown, message: unknown, owner: unknown, repo: unknown) => call('push_files'), {
    name: 'push_files',
    params: {
      branch: { type: String, description: 'Branch to push to' },
      files: {
        type: [
          ObjectOf({
            content: { type: String, description: 'file content' },
            path: { type: String, description: 'path to the file' },
          }),
        ],
        description: 'Array of file objects to push, each object with path (string) and content (string)',
      },
      message: { type: String, description: 'Commit message' },
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((issue_number: unknown, owner: unknown, repo: unknown, sub_issue_id: unknown) => call('remove_sub_issue'), {
    name: 'remove_sub_issue',
    params: {
      issue_number: { type: Number, description: 'The parent issue number', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
      sub_issue_id: { type: Number, description: 'The ID of the sub-issue to remove. ID is not the same as issue number' },
    },
  }),
  Tool.create(
    (after_id: unknown, before_id: unknown, issue_number: unknown, owner: unknown, repo: unknown, sub_issue_id: unknown) => call('reprioritize_sub_issue'),
    {
      name: 'reprioritize_sub_issue',
      params: {
        after_id: {
          type: Number,
          description: 'The ID of the sub-issue to place this after (either after_id OR before_id should be specified)',
          optional: true,
        },
        before_id: {
          type: Number,
          description: 'The ID of the sub-issue to place this before (either after_id OR before_id should be specified)',
          optional: true,
        },
        issue_number: { type: Number, description: 'The parent issue number', minimum: 1 },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        repo: { type: String, description: 'Repository name' },
        sub_issue_id: { type: Number, description: 'The ID of the sub-issue to reorder. ID is not the same as issue number' },
      },
    },
  ),
  Tool.create((owner: unknown, pullNumber: unknown, repo: unknown) => call('request_copilot_review'), {
    name: 'request_copilot_review',
    params: {
      owner: { type: String, description: 'Repository owner' },
      pullNumber: { type: Number, description: 'Pull request number' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, pullNumber: unknown, repo: unknown, reviewers: unknown) => call('request_pull_request_reviewers'), {
    name: 'request_pull_request_reviewers',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
      reviewers: { type: [String], description: 'GitHub usernames or ORG/team-slug team reviewers to request reviews from' },
    },
  }),
  Tool.create((threadID: unknown) => call('resolve_review_thread'), {
    name: 'resolve_review_thread',
    params: {
      threadID: { type: String, description: 'The node ID of the review thread to resolve (e.g., PRRT_kwDOxxx)' },
    },
  }),
  Tool.create((fields: unknown, order: unknown, page: unknown, perPage: unknown, query: unknown, sort: unknown) => call('search_code'), {
    name: 'search_code',
    params: {
      fields: {
        type: [EnumOf(['name', 'path', 'sha', 'repository', 'text_matches'])],
        description:
          "Subset of fields to return for each code search result. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'repository' and 'text_matches' in particular drops the largest per-result data.",
        optional: true,
      },
      order: { type: EnumOf(['asc', 'desc']), description: 'Sort order for results', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      query: {
        type: String,
        description:
          'Search query (GitHub code search REST). Implicit AND between terms; supports `OR`, `NOT`, and `"quoted phrase"` for exact match. Qualifiers: `repo:owner/repo`, `org:`, `user:`, `language:`, `path:dir` (prefix match), `filename:exact.ext`, `extension:`, `in:file`, `in:path`, `size:`, `is:archived`, `is:fork`. Max 256 chars. Examples: `WithContext language:go org:github`; `"package main" repo:o/r`; `func extension:go path:cmd repo:o/r`; `NOT TODO language:go repo:o/r`.',
      },
      sort: { type: String, description: "Sort field ('indexed' only)", optional: true },
    },
  }),
  Tool.create((order: unknown, page: unknown, perPage: unknown, query: unknown, sort: unknown) => call('search_commits'), {
    name: 'search_commits',
    params: {
      order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      query: {
        type: String,
        description:
          'Commit search query (GitHub commit search REST). Searches commit messages on the default branch only. Scope the search with `repo:owner/repo`, `org:`, or `user:` (queries without a scope qualifier match across all of GitHub and are usually not what you want). Other qualifiers: `author:`, `committer:`, `author-name:`, `committer-name:`, `author-email:`, `committer-email:`, `author-date:`, `committer-date:` (supports `>`, `<`, `>=`, `<=`, and `YYYY-MM-DD..YYYY-MM-DD` ranges), `merge:true|false`, `hash:`, `tree:`, `parent:`, `is:public`. Examples: `repo:owner/repo fix panic`; `org:github author:defunkt committer-date:>=2024-01-01`; `"refactor cache" repo:o/r`; `hash:abc1234 repo:o/r`.',
      },
      sort: { type: EnumOf(['author-date', 'committer-date']), description: 'Sort by author or committer date (defaults to best match)', optional: true },
    },
  }),
  Tool.create(
    (fields: unknown, order: unknown, owner: unknown, page: unknown, perPage: unknown, query: unknown, repo: unknown, sort: unknown) => call('search_issues'),
    {
      name: 'search_issues',
      params: {
        fields: {
          type: [
            EnumOf([
              'number',
              'title',
              'body',
              'state',
              'state_reason',
              'draft',
              'locked',
              'html_url',
              'user',
              'author_association',
              'labels',
              'assignee',
              'assignees',
              'milestone',
              'comments',
              'reactions',
              'created_at',
              'updated_at',
              'closed_at',
              'closed_by',
              'type',
              'repository_url',
              'pull_request',
              'field_values',
            ]),
          ],
          description:
            "Subset of fields to return for each issue result. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'body', 'reactions', and 'labels' in particular drops the largest per-result data.",
          optional: true,
        },
        order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
        owner: { type: String, description: 'Optional repository owner. If provided with repo, only issues for this repository are listed.', optional: true },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        query: {
          type: String,
          description:
            'The search query, as natural language. When the user gives alternative wordings, include them as plain words rather than joining them with OR.',
        },
        repo: { type: String, description: 'Optional repository name. If provided with owner, only issues for this repository are listed.', optional: true },
        sort: {
          type: EnumOf([
            'comments',
            'reactions',
            'reactions-+1',
            'reactions--1',
            'reactions-smile',
            'reactions-thinking_face',
            'reactions-heart',
            'reactions-tada',
            'interactions',
            'created',
            'updated',
          ]),
          description: 'Sort field by number of matches of categories, defaults to best match',
          optional: true,
        },
      },
    },
  ),
  Tool.create((order: unknown, page: unknown, perPage: unknown, query: unknown, sort: unknown) => call('search_orgs'), {
    name: 'search_orgs',
    params: {
      order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      query: {
        type: String,
        description:
          "Organization search query. Examples: 'microsoft', 'location:california', 'created:>=2025-01-01'. Search is automatically scoped to type:org.",
      },
      sort: { type: EnumOf(['followers', 'repositories', 'joined']), description: 'Sort field by category', optional: true },
    },
  }),
  Tool.create(
    (fields: unknown, order: unknown, owner: unknown, page: unknown, perPage: unknown, query: unknown, repo: unknown, sort: unknown) =>
      call('search_pull_requests'),
    {
      name: 'search_pull_requests',
      params: {
        fields: {
          type: [
            EnumOf([
              'number',
              'title',
              'body',
              'state',
              'state_reason',
              'draft',
              'locked',
              'html_url',
              'user',
              'author_association',
              'labels',
              'assignee',
              'assignees',
              'milestone',
              'comments',
              'reactions',
              'created_at',
              'updated_at',
              'closed_at',
              'closed_by',
              'pull_request',
              'repository_url',
            ]),
          ],
          description:
            "Subset of fields to return for each pull request result. If omitted, all fields are returned. Use this to reduce response size when you only need specific fields; omitting 'body', 'reactions', and 'labels' in particular drops the largest per-result data.",
          optional: true,
        },
        order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
        owner: {
          type: String,
          description: 'Optional repository owner. If provided with repo, only pull requests for this repository are listed.',
          optional: true,
        },
        page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
        perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
        query: { type: String, description: 'Search query using GitHub pull request search syntax' },
        repo: {
          type: String,
          description: 'Optional repository name. If provided with owner, only pull requests for this repository are listed.',
          optional: true,
        },
        sort: {
          type: EnumOf([
            'comments',
            'reactions',
            'reactions-+1',
            'reactions--1',
            'reactions-smile',
            'reactions-thinking_face',
            'reactions-heart',
            'reactions-tada',
            'interactions',
            'created',
            'updated',
          ]),
          description: 'Sort field by number of matches of categories, defaults to best match',
          optional: true,
        },
      },
    },
  ),
  Tool.create((minimal_output: unknown, order: unknown, page: unknown, perPage: unknown, query: unknown, sort: unknown) => call('search_repositories'), {
    name: 'search_repositories',
    params: {
      minimal_output: {
        type: Boolean,
        description: 'Return minimal repository information (default: true). When false, returns full GitHub API repository objects.',
        optional: true,
        default: true,
      },
      order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      query: {
        type: String,
        description:
          "Repository search query. Examples: 'machine learning in:name stars:>1000 language:python', 'topic:react', 'user:facebook'. Supports advanced search syntax for precise filtering.",
      },
      sort: {
        type: EnumOf(['stars', 'forks', 'help-wanted-issues', 'updated']),
        description: 'Sort repositories by field, defaults to best match',
        optional: true,
      },
    },
  }),
  Tool.create((order: unknown, page: unknown, perPage: unknown, query: unknown, sort: unknown) => call('search_users'), {
    name: 'search_users',
    params: {
      order: { type: EnumOf(['asc', 'desc']), description: 'Sort order', optional: true },
      page: { type: Number, description: 'Page number for pagination (min 1)', minimum: 1, optional: true },
      perPage: { type: Number, description: 'Results per page for pagination (min 1, max 100)', minimum: 1, maximum: 100, optional: true },
      query: {
        type: String,
        description: "User search query. Examples: 'john smith', 'location:seattle', 'followers:>100'. Search is automatically scoped to type:user.",
      },
      sort: {
        type: EnumOf(['followers', 'repositories', 'joined']),
        description: 'Sort users by number of followers or repositories, or when the person joined GitHub.',
        optional: true,
      },
    },
  }),
  Tool.create((fields: unknown, issue_number: unknown, owner: unknown, repo: unknown) => call('set_issue_fields'), {
    name: 'set_issue_fields',
    params: {
      fields: {
        type: [
          ObjectOf({
            confidence: {
              type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
              description:
                "How confident you are in this choice. Use 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
              optional: true,
            },
            date_value: { type: String, description: 'The value to set for a date field (ISO 8601 date string)', optional: true },
            delete: { type: Boolean, description: 'Set to true to delete this field value', optional: true },
            field_id: { type: String, description: 'The GraphQL node ID of the issue field' },
            is_suggestion: {
              type: Boolean,
              description:
                'If true, this field value is sent to the API as a suggestion (suggest:true) rather than an applied value. Whether the value is applied or recorded as a proposal is determined by the API.',
              optional: true,
            },
            number_value: { type: Number, description: 'The value to set for a number field', optional: true },
            rationale: {
              type: String,
              description:
                "One concise sentence explaining what specifically about the issue led you to choose this field value. State the concrete signal (e.g. 'Reports a crash when saving' → high priority).",
              maxLength: 280,
              optional: true,
            },
            single_select_option_id: { type: String, description: 'The GraphQL node ID of the option to set for a single select field', optional: true },
            text_value: { type: String, description: 'The value to set for a text field', optional: true },
          }),
        ],
        description:
          "Array of issue field values to set. Each element must have a 'field_id' (string, the GraphQL node ID of the field) and exactly one value field: 'text_value' for text fields, 'number_value' for number fields, 'date_value' (ISO 8601 date string) for date fields, or 'single_select_option_id' (the GraphQL node ID of the option) for single select fields. Set 'delete' to true to remove a field value.",
        minItems: 1,
      },
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('star_repository'), {
    name: 'star_repository',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (
      after_id: unknown,
      before_id: unknown,
      issue_number: unknown,
      method: unknown,
      owner: unknown,
      replace_parent: unknown,
      repo: unknown,
      sub_issue_id: unknown,
    ) => call('sub_issue_write'),
    {
      name: 'sub_issue_write',
      params: {
        after_id: {
          type: Number,
          description: 'The ID of the sub-issue to be prioritized after (either after_id OR before_id should be specified)',
          optional: true,
        },
        before_id: {
          type: Number,
          description: 'The ID of the sub-issue to be prioritized before (either after_id OR before_id should be specified)',
          optional: true,
        },
        issue_number: { type: Number, description: 'The number of the parent issue' },
        method: {
          type: String,
          description:
            "The action to perform on a single sub-issue\nOptions are:\n- 'add' - add a sub-issue to a parent issue in a GitHub repository.\n- 'remove' - remove a sub-issue from a parent issue in a GitHub repository.\n- 'reprioritize' - change the order of sub-issues within a parent issue in a GitHub repository. Use either 'after_id' or 'before_id' to specify the new position.\nWrites issue hierarchy. To move a sub-issue to a new parent, use `add` with `replace_parent=true`; there is no writable parent field.\n",
        },
        owner: { type: String, description: 'Repository owner' },
        replace_parent: { type: Boolean, description: "When true, replaces the sub-issue's current parent issue. Use with 'add' method only.", optional: true },
        repo: { type: String, description: 'Repository name' },
        sub_issue_id: { type: Number, description: 'The ID of the sub-issue to add. ID is not the same as issue number' },
      },
    },
  ),
  Tool.create((body: unknown, event: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('submit_pending_pull_request_review'), {
    name: 'submit_pending_pull_request_review',
    params: {
      body: { type: String, description: 'The review body text (optional)', optional: true },
      event: { type: EnumOf(['APPROVE', 'REQUEST_CHANGES', 'COMMENT']), description: 'The review action to perform' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((method: unknown, owner: unknown, repo: unknown) => call('ui_get'), {
    name: 'ui_get',
    params: {
      method: {
        type: EnumOf(['labels', 'assignees', 'milestones', 'issue_types', 'branches', 'issue_fields', 'reviewers']),
        description: 'The type of data to fetch',
      },
      owner: { type: String, description: 'Repository owner (required for all methods)' },
      repo: { type: String, description: 'Repository name (required for labels, assignees, milestones, branches, issue fields, reviewers)', optional: true },
    },
  }),
  Tool.create((threadID: unknown) => call('unresolve_review_thread'), {
    name: 'unresolve_review_thread',
    params: {
      threadID: { type: String, description: 'The node ID of the review thread to unresolve (e.g., PRRT_kwDOxxx)' },
    },
  }),
  Tool.create((owner: unknown, repo: unknown) => call('unstar_repository'), {
    name: 'unstar_repository',
    params: {
      owner: { type: String, description: 'Repository owner' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((content: unknown, description: unknown, filename: unknown, gist_id: unknown) => call('update_gist'), {
    name: 'update_gist',
    params: {
      content: { type: String, description: 'Content for the file' },
      description: { type: String, description: 'Updated description of the gist', optional: true },
      filename: { type: String, description: 'Filename to update or create' },
      gist_id: { type: String, description: 'ID of the gist to update' },
    },
  }),
  Tool.create((assignees: unknown, issue_number: unknown, owner: unknown, repo: unknown) => call('update_issue_assignees'), {
    name: 'update_issue_assignees',
    params: {
      assignees: {
        type: [
          AnyOf(
            { type: String, description: 'GitHub username' },
            ObjectOf({
              confidence: {
                type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
                description:
                  "How confident you are in this choice. Use 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
                optional: true,
              },
              is_suggestion: {
                type: Boolean,
                description:
                  'If true, this assignee is sent to the API as a suggestion (suggest:true) rather than an applied assignee. Whether the assignee is applied or recorded as a proposal is determined by the API.',
                optional: true,
              },
              login: { type: String, description: 'GitHub username' },
              rationale: {
                type: String,
                description:
                  "One concise sentence explaining what specifically about the issue led you to choose this assignee. State the concrete signal (e.g. 'Authored the file the crash originates in').",
                maxLength: 280,
                optional: true,
              },
            }),
          ),
        ],
        description: 'GitHub usernames to assign to this issue.',
      },
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((body: unknown, issue_number: unknown, owner: unknown, repo: unknown) => call('update_issue_body'), {
    name: 'update_issue_body',
    params: {
      body: { type: String, description: 'The new body content for the issue' },
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((issue_number: unknown, labels: unknown, owner: unknown, repo: unknown) => call('update_issue_labels'), {
    name: 'update_issue_labels',
    params: {
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      labels: {
        type: [
          AnyOf(
            { type: String, description: 'Label name' },
            ObjectOf({
              confidence: {
                type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
                description:
                  "How confident you are in this choice. Use 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
                optional: true,
              },
              is_suggestion: {
                type: Boolean,
                description:
                  'If true, this label is sent to the API as a suggestion (suggest:true) rather than an applied label. Whether the label is applied or recorded as a proposal is determined by the API.',
                optional: true,
              },
              name: { type: String, description: 'Label name' },
              rationale: {
                type: String,
                description:
                  "One concise sentence explaining what specifically about the issue led you to choose this label. State the concrete signal (e.g. 'Reports a crash when saving' → bug).",
                maxLength: 280,
                optional: true,
              },
            }),
          ),
        ],
        description: 'Labels to apply to this issue.',
      },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((issue_number: unknown, milestone: unknown, owner: unknown, repo: unknown) => call('update_issue_milestone'), {
    name: 'update_issue_milestone',
    params: {
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      milestone: { type: Int, description: 'The milestone number to set on the issue', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create(
    (
      confidence: unknown,
      duplicate_of: unknown,
      is_suggestion: unknown,
      issue_number: unknown,
      owner: unknown,
      rationale: unknown,
      repo: unknown,
      state: unknown,
      state_reason: unknown,
    ) => call('update_issue_state'),
    {
      name: 'update_issue_state',
      params: {
        confidence: {
          type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
          description:
            "How confident you are in this choice. Use 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
          optional: true,
        },
        duplicate_of: {
          type: Number,
          description:
            "The issue number of the canonical issue this issue duplicates. Only valid when state_reason is 'duplicate'. Required when is_suggestion is true and state_reason is 'duplicate'. The issue number is resolved to a database ID before being sent to the API.",
          minimum: 1,
          optional: true,
        },
        is_suggestion: {
          type: Boolean,
          description:
            'If true, this state change is sent to the API as a suggestion (suggest:true) rather than an applied change. Whether the change is applied or recorded as a proposal is determined by the API.',
          optional: true,
        },
        issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        rationale: {
          type: String,
          description:
            "One concise sentence explaining what specifically about the issue led you to choose this state. State the concrete signal (e.g. 'The reported crash is fixed in v2.1' → completed).",
          maxLength: 280,
          optional: true,
        },
        repo: { type: String, description: 'Repository name' },
        state: { type: EnumOf(['open', 'closed']), description: 'The new state for the issue' },
        state_reason: {
          type: EnumOf(['completed', 'not_planned', 'duplicate']),
          description: 'The reason for the state change (only for closed state)',
          optional: true,
        },
      },
    },
  ),
  Tool.create((issue_number: unknown, owner: unknown, repo: unknown, title: unknown) => call('update_issue_title'), {
    name: 'update_issue_title',
    params: {
      issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      repo: { type: String, description: 'Repository name' },
      title: { type: String, description: 'The new title for the issue' },
    },
  }),
  Tool.create(
    (confidence: unknown, is_suggestion: unknown, issue_number: unknown, issue_type: unknown, owner: unknown, rationale: unknown, repo: unknown) =>
      call('update_issue_type'),
    {
      name: 'update_issue_type',
      params: {
        confidence: {
          type: EnumOf(['LOW', 'MEDIUM', 'HIGH']),
          description:
            "How confident you are in this choice. Use 'HIGH' for clear signal or explicit user request, 'MEDIUM' for reasonable inference with some ambiguity, 'LOW' for best guess with limited signal.",
          optional: true,
        },
        is_suggestion: {
          type: Boolean,
          description:
            'If true, this issue type change is sent to the API as a suggestion (suggest:true) rather than an applied value. Whether the type is applied or recorded as a proposal is determined by the API.',
          optional: true,
        },
        issue_number: { type: Number, description: 'The issue number to update', minimum: 1 },
        issue_type: { type: String, minLength: 1, description: 'The issue type to set, or null to remove the current type', nullable: true },
        owner: { type: String, description: 'Repository owner (username or organization)' },
        rationale: {
          type: String,
          description:
            "One concise sentence explaining what specifically about the issue led you to choose this type. State the concrete signal (e.g. 'Reports a crash when saving' → bug, 'Asks for dark mode support' → feature).",
          maxLength: 280,
          optional: true,
        },
        repo: { type: String, description: 'Repository name' },
      },
    },
  ),
  Tool.create(
    (
      base: unknown,
      body: unknown,
      draft: unknown,
      maintainer_can_modify: unknown,
      owner: unknown,
      pullNumber: unknown,
      repo: unknown,
      reviewers: unknown,
      state: unknown,
      title: unknown,
    ) => call('update_pull_request'),
    {
      name: 'update_pull_request',
      params: {
        base: { type: String, description: 'New base branch name', optional: true },
        body: { type: String, description: 'New description', optional: true },
        draft: { type: Boolean, description: 'Mark pull request as draft (true) or ready for review (false)', optional: true },
        maintainer_can_modify: { type: Boolean, description: 'Allow maintainer edits', optional: true },
        owner: { type: String, description: 'Repository owner' },
        pullNumber: { type: Number, description: 'Pull request number to update' },
        repo: { type: String, description: 'Repository name' },
        reviewers: { type: [String], description: 'GitHub usernames or ORG/team-slug team reviewers to request reviews from', optional: true },
        state: { type: EnumOf(['open', 'closed']), description: 'New state', optional: true },
        title: { type: String, description: 'New title', optional: true },
      },
    },
  ),
  Tool.create((body: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('update_pull_request_body'), {
    name: 'update_pull_request_body',
    params: {
      body: { type: String, description: 'The new body content for the pull request' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((expectedHeadSha: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('update_pull_request_branch'), {
    name: 'update_pull_request_branch',
    params: {
      expectedHeadSha: { type: String, description: "The expected SHA of the pull request's HEAD ref", optional: true },
      owner: { type: String, description: 'Repository owner' },
      pullNumber: { type: Number, description: 'Pull request number' },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((draft: unknown, owner: unknown, pullNumber: unknown, repo: unknown) => call('update_pull_request_draft_state'), {
    name: 'update_pull_request_draft_state',
    params: {
      draft: { type: Boolean, description: 'Set to true to convert to draft, false to mark as ready for review' },
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
    },
  }),
  Tool.create((owner: unknown, pullNumber: unknown, repo: unknown, state: unknown) => call('update_pull_request_state'), {
    name: 'update_pull_request_state',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
      state: { type: EnumOf(['open', 'closed']), description: 'The new state for the pull request' },
    },
  }),
  Tool.create((owner: unknown, pullNumber: unknown, repo: unknown, title: unknown) => call('update_pull_request_title'), {
    name: 'update_pull_request_title',
    params: {
      owner: { type: String, description: 'Repository owner (username or organization)' },
      pullNumber: { type: Number, description: 'The pull request number', minimum: 1 },
      repo: { type: String, description: 'Repository name' },
      title: { type: String, description: 'The new title for the pull request' },
    },
  }),
];
