"""Rewrites published MCP tool input schemas (github-mcp-server.json) as Tool.create calls of tool-signatures.

Each JSON Schema keyword becomes the option that writes it: type -> a hint (Int for integer), enum -> EnumOf,
items -> [T] with `each`, properties -> ObjectOf, anyOf/oneOf -> AnyOf with members given as options where
they carry a description or constraints (v3.1), {type: null} members -> nullable.
"""
import json,sys
RESERVED={'public':'isPublic','private':'isPrivate'}
def lit(v): return json.dumps(v, ensure_ascii=False)
class Imp: used=set()
def use(n): Imp.used.add(n); return n
ITEM_KEYS=['description','enum','minLength','maxLength','pattern','format','minimum','maximum']
def hint_and_opts(s, ind):
    """returns (hint_expr, [(key, exprstr)]) for a slot schema s (without optional/default/name)."""
    opts=[]
    for comb in ('anyOf','oneOf'):
        if comb in s:
            members=s[comb]
            nullable=any(m=={'type':'null'} for m in members)
            rest=[m for m in members if m!={'type':'null'}]
            if len(rest)==1:
                h,o=hint_and_opts(rest[0],ind)
                if 'description' in s: o=[x for x in o if x[0]!='description']+[('description',lit(s['description']))]
                if nullable: o.append(('nullable','true'))
                return h,o
            mem=[]
            for m in rest:
                h,o=hint_and_opts(m,ind+'  ')
                mem.append(h if not o else '{ type: %s, %s }'%(h, ', '.join('%s: %s'%kv for kv in o)))
            h='%s(%s)'%(use('AnyOf'),', '.join(mem))
            if nullable: h='%s(%s)'%(use('Nullable'),h)
            if 'description' in s: opts.append(('description',lit(s['description'])))
            return h,opts
    t=s.get('type')
    if isinstance(t,list):
        ts=[x for x in t if x!='null']
        if len(ts)>1:
            rest={k:v for k,v in s.items() if k not in ('type',)}
            members=[{'type':x} for x in ts]+([{'type':'null'}] if 'null' in t else [])
            return hint_and_opts({**rest,'anyOf':members},ind)
        h,o=hint_and_opts({**s,'type':ts[0]},ind); o.append(('nullable','true')); return h,o
    if 'description' in s: opts.append(('description',lit(s['description'])))
    if 'enum' in s:
        h='%s(%s)'%(use('EnumOf'),lit(s['enum']))
    elif t=='string': h='String'
    elif t=='integer': h=use('Int')
    elif t=='number': h='Number'
    elif t=='boolean': h='Boolean'
    elif t=='array':
        it=s.get('items')
        if it is None: h=use('JsonArray')
        else:
            ih,io=hint_and_opts(it,ind)
            scalar = not ('properties' in it or 'anyOf' in it or 'oneOf' in it or it.get('type') in ('array','object'))
            if io and scalar and all(k in ITEM_KEYS for k,_ in io):
                opts.append(('each','{ %s }'%', '.join('%s: %s'%kv for kv in io)))
                h='[%s]'%ih
            elif io:
                # an element hint with options: give it as a one-member... only object items carry options (description) as ObjectOf's own
                raise Exception('item options on non-scalar: %r'%it)
            else: h='[%s]'%ih
    elif t=='object' or 'properties' in s:
        props=s.get('properties')
        if not props:
            h=use('JsonObject')
        else:
            req=set(s.get('required',[]))
            lines=[]
            for k,v in props.items():
                ph,po=hint_and_opts(v,ind+'  ')
                if k not in req: po.append(('optional','true'))
                if 'default' in v: po.append(('default',lit(v['default'])))
                key=k if k.isidentifier() else lit(k)
                lines.append('%s  %s: %s,'%(ind,key, ph if not po else '{ type: %s, %s }'%(ph,', '.join('%s: %s'%kv for kv in po))))
            d=[x for x in opts if x[0]=='description']
            opts=[x for x in opts if x[0]!='description']
            h='%s({\n%s\n%s}%s)'%(use('ObjectOf'),'\n'.join(lines),ind, ', { description: %s }'%d[0][1] if d else '')
    elif t is None: h=use('JsonValue')
    else: raise Exception('type %r'%t)
    for k in ['minLength','maxLength','pattern','format','minimum','maximum','exclusiveMinimum','exclusiveMaximum','multipleOf','minItems','maxItems']:
        if k in s: opts.append((k,lit(s[k])))
    return h,opts

def tool(name, schema, description):
    props=schema.get('properties',{}); req=set(schema.get('required',[]))
    names=[RESERVED.get(k,k) for k in props]
    lines=[]
    for k,v in props.items():
        h,o=hint_and_opts(v,'      ')
        if k in RESERVED: o.insert(0,('name',lit(k)))
        if k not in req: o.append(('optional','true'))
        if 'default' in v: o.append(('default',lit(v['default'])))
        lines.append('      %s: %s,'%(RESERVED.get(k,k), h if not o else '{ type: %s, %s }'%(h,', '.join('%s: %s'%kv for kv in o))))
    fn='(%s) => call(%s)'%(', '.join('%s: unknown'%n for n in names), lit(name))
    return "  Tool.create(%s, {\n    name: %s,\n    params: {\n%s\n    },\n  })"%(fn, lit(name), '\n'.join(l[2:] if False else l for l in lines))

src=json.load(open(sys.argv[1]))
body=[]
fails=[]
for name,schema in src['tools'].items():
    try: body.append(tool(name,schema,''))
    except Exception as e: fails.append((name,str(e)))
imports=sorted(Imp.used)
print("import { Tool, %s, type ToolDefinition } from 'tool-signatures';"%', '.join(imports))
print()
print("/**\n * github/github-mcp-server's published tools (%s at %s), each rewritten with this library's\n * public API: the parameters of Tool.create, options as @Param's, union members with their own options.\n * Written from the snapshots by rewrite.py (python3 rewrite.py github-mcp-server.json > github-tools.ts), then\n * reviewed; the originals are in github-mcp-server.json.\n */"%(src['path'],src['commit']))
print("export const calls: string[] = [];\nconst call = (name: string): string => { calls.push(name); return 'ok'; };\n")
print("export const githubTools: readonly ToolDefinition[] = [\n%s,\n];"%(',\n'.join(body)))
if fails: sys.exit("not written: %r" % fails)
