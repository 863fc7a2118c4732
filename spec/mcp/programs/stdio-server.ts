// Serves a tool set over stdio whose `learn` tool adds a tool to the set (list_changed), and a tool
// that requires approval (asked through elicitation).
import 'reflect-metadata';
import { Int32, Param, Tool, ToolSet } from 'tool-signatures';
import { serveMcpStdio } from 'tool-signatures/mcp';

const set = new ToolSet();

class Teacher {
  @Tool({ description: 'Adds a tool named after the word.' })
  learn(word: string): string {
    set.add(Tool.create(() => word, { name: word, description: `Says ${word}.` }));
    return `learned ${word}`;
  }

  @Tool({ description: 'Refunds.', requiresApproval: true })
  refund(@Param({ type: Int32 }) amount: number): string {
    return `refunded ${amount}`;
  }
}

set.add(new Teacher());
void serveMcpStdio(set, { name: 'teacher', version: '1.0.0' });
