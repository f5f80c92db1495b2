/*
** tests/unit/test_grammar.c -- the input language's newer constructs (SKaMPI 5 manual
** §2.5, §5, and the SKaMPI 6 additions): free-form layout, hexadecimal integers, the kB
** suffix, the word operators and/or/not, '<>', bitwise & | ~ and their precedence, {...}
** arrays (IArray, DArray and the value.h API), print/print_all/flush, the printed
** program (-t) parsing again to the same text, and unknown identifiers found by the
** syntax check with their file:line:col.
** Build (as tests/run.sh does):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_grammar.c -lm
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static int parse_text(const char *text, sk_program *prog, sk_str *err)
{
  sk_sources src;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "t.ski", text, strlen(text));
  return sk_parse_file(&src, "t.ski", prog, err);   /* names point into src: leaked on purpose */
}

/* Parses, prints, and checks the print; then the printed text must parse and print the
** same again (the round trip of tests/fuzz/fuzz_ski.c). */
static void check_print(const char *text, const char *expected, const char *name)
{
  sk_program prog, again;
  sk_str err, out, out2;
  char rname[100];
  sk_str_init(&err);
  sk_str_init(&out);
  sk_str_init(&out2);
  if (!parse_text(text, &prog, &err)) { check(0, name, "%s", err.data ? err.data : "(null)"); return; }
  sk_program_print(&out, &prog);
  check(out.data && strcmp(out.data, expected) == 0, name, "got '%s'", out.data ? out.data : "(empty)");
  sprintf(rname, "%.80s_roundtrip", name);
  if (!parse_text(out.data ? out.data : "", &again, &err)) {
    check(0, rname, "%s", err.data ? err.data : "(null)");
  } else {
    sk_program_print(&out2, &again);
    check(out.data && out2.data && strcmp(out.data, out2.data) == 0, rname, "printed again as '%s'",
          out2.data ? out2.data : "(empty)");
    sk_program_free(&again);
  }
  sk_program_free(&prog);
  sk_str_free(&out);
  sk_str_free(&out2);
}

static void check_parse_error(const char *text, const char *expected_prefix, const char *name)
{
  sk_program prog;
  sk_str err;
  sk_str_init(&err);
  if (parse_text(text, &prog, &err)) { check(0, name, "parsed without error"); sk_program_free(&prog); return; }
  check(strncmp(err.data, expected_prefix, strlen(expected_prefix)) == 0, name, "%s", err.data ? err.data : "(null)");
}

static sk_value run_and_get(sk_interp *in, const char *text, const char *var)
{
  sk_program prog;
  sk_str err;
  sk_value v;
  sk_str_init(&err);
  v.type = SK_T_NONE;
  if (!parse_text(text, &prog, &err)) { printf("# parse failed: %s\n", err.data); return v; }
  sk_interp_run(in, &prog);
  if (!sk_interp_lookup(in, var, &v)) v.type = SK_T_NONE;
  return v;
}

static void check_int(const char *text, const char *var, long expected, const char *name)
{
  sk_interp in;
  sk_value v;
  sk_interp_init(&in);
  v = run_and_get(&in, text, var);
  check(v.type == SK_T_INT && v.u.i == expected, name, "type %d value %ld, expected %ld", (int)v.type,
        v.type == SK_T_INT ? v.u.i : -999L, expected);
  sk_interp_free(&in);
}

static void test_layout_and_literals(void)
{
  check_print("x = 1 y = 2\nz =\n  3 w = x\n", "x = 1\ny = 2\nz = 3\nw = x\n", "freeform_statements");
  check_print("for i = 1 to 3 do x = i od if 1 then y = 2 else y = 3 fi\n",
              "for i = 1 to 3 do\n  x = i\nod\nif 1 then\n  y = 2\nelse\n  y = 3\nfi\n", "freeform_blocks");
  check_print("x = 0x1F + 0x10 + 0xff\n", "x = 31 + 16 + 255\n", "hex_integers");
  check_print("x = 0x1kb\n", "x = 1024\n", "hex_with_suffix");
  check_print("x = 2kB + 1kb + 1KB + 1KiB\n", "x = 2048 + 1024 + 1024 + 1024\n", "suffix_kB");
  check_print("x = 1 <> 2\n", "x = 1 != 2\n", "ne_diamond");
  check_print("x = 1 and 0 or not 1\n", "x = 1 && 0 || not 1\n", "word_operators");
  check_print("s = \"two\nlines\" t = 1\n", "s = \"two\nlines\"\nt = 1\n", "string_spans_lines");
  check_parse_error("s = 1\nt = \"open\n\n", "t.ski:2:5: string not closed before the end of the input", "error_string_unclosed");
  check_int("x = 0x1F\n", "x", 31, "eval_hex");
  check_int("x = 3kB\n", "x", 3072, "eval_kB");
  check_parse_error("x = 12kib\n", "t.ski:1:5: unknown size suffix 'kib'", "error_bad_suffix");
  check_parse_error("x = 1 y\n", "t.ski:2:1: syntax error: expected '=' or '(' after 'y', found end of file",
                    "error_incomplete_statement");
  check_parse_error("and = 1\n", "t.ski:1:1: syntax error: expected a statement, found 'and'", "error_keyword_and");
  check_parse_error("print = 1\n", "t.ski:1:1: 'print' can only be used inside a measurement block", "error_print_top");
}

static void test_precedence(void)
{
  /* or < and < | < & < == != < comparisons < + - < * / % < not ~ */
  check_print("x = 1 | 2 & 3 == 3\n", "x = 1 | 2 & 3 == 3\n", "prec_print_flat");
  check_print("x = (1 | 2) & 3\n", "x = (1 | 2) & 3\n", "prec_print_parens_kept");
  check_print("x = 1 | (2 & 3)\n", "x = 1 | 2 & 3\n", "prec_print_parens_dropped");
  check_print("x = (1 == 2) == 0\n", "x = (1 == 2) == 0\n", "prec_eq_no_chain");
  check_print("x = 1 < 2 == 2 > 1\n", "x = 1 < 2 == 2 > 1\n", "prec_rel_below_eq");
  check_print("x = not 1 == 0\n", "x = not 1 == 0\n", "prec_not_tight");
  check_print("x = not (1 == 0)\n", "x = not (1 == 0)\n", "prec_not_parens");
  check_print("x = !1 & 2\n", "x = !(1 & 2)\n", "prec_bang_loose");
  check_print("x = ~1 + 2 - ~(3 * 4)\n", "x = ~1 + 2 - ~(3 * 4)\n", "prec_tilde");
  check_print("x = 1 or 2 and 3 | 4\n", "x = 1 || 2 && 3 | 4\n", "prec_or_and_bor");
  check_print("for i = 1 to 9 step ~-3 do x = i od\n", "for i = 1 to 9 step ~-3 do\n  x = i\nod\n", "step_tilde");
  check_int("x = 6 & 3 == 3\n", "x", 0, "eval_band_below_eq");
  check_int("x = 4 | 6 & 3\n", "x", 6, "eval_bor_below_band");
  check_int("x = ~5\n", "x", -6, "eval_tilde");
  check_int("x = not 0 == 1\n", "x", 1, "eval_not_then_eq");
  check_int("x = not 2 + 3\n", "x", 3, "eval_not_before_plus");
  check_int("x = 1 and 0 or 1\n", "x", 1, "eval_and_or");
  check_int("x = 5 <> 5\n", "x", 0, "eval_diamond");
  check_int("x = 0x0F & 0x3C | 0x100\n", "x", 0x10C, "eval_hex_bits");
  check_parse_error("x = 1 < 2 < 3\n", "t.ski:1:11: syntax error", "error_rel_chain");
}

static void test_arrays(void)
{
  sk_interp in;
  sk_value v, w;
  check_print("a = {1, 2, 3} b = {} c = {MPI_INT, MPI_CHAR}\n", "a = {1, 2, 3}\nb = {}\nc = {MPI_INT, MPI_CHAR}\n",
              "array_print");
  check_print("a = {1 + 2, {}}\n", "a = {1 + 2, {}}\n", "array_nested_print");
  check_parse_error("x = get_comm_size({1, 2})\n",
                    "t.ski:1:19: argument 1 of 'get_comm_size' must be a communicator, not an integer array",
                    "array_static_type");
  check_parse_error("x = get_comm_size({MPI_INT})\n",
                    "t.ski:1:19: argument 1 of 'get_comm_size' must be a communicator, not a datatype array",
                    "darray_static_type");
  sk_interp_init(&in);
  v = run_and_get(&in, "a = {1, 2 * 3, 0x10, 4.0}\n", "a");
  check(v.type == SK_T_IARRAY && sk_array_length(&v) == 4 && sk_iarray_get(&v, 0) == 1 && sk_iarray_get(&v, 1) == 6 &&
        sk_iarray_get(&v, 2) == 16 && sk_iarray_get(&v, 3) == 4, "iarray_eval", "type %d", (int)v.type);
  v = run_and_get(&in, "b = {}\n", "b");
  check(v.type == SK_T_IARRAY && sk_array_length(&v) == 0, "empty_is_iarray", "type %d", (int)v.type);
  v = run_and_get(&in, "c = {MPI_INT, MPI_DOUBLE}\n", "c");
  check(v.type == SK_T_DARRAY && sk_array_length(&v) == 2 && sk_darray_get(&v, 0) == sk_datatype_lookup("MPI_INT") &&
        sk_darray_get(&v, 1) == sk_datatype_lookup("MPI_DOUBLE"), "darray_eval", "type %d", (int)v.type);
  v = run_and_get(&in, "e = {1, 2} == {1, 2}\n", "e");
  check(v.type == SK_T_INT && v.u.i == 1, "array_equal", "{1, 2} == {1, 2}");
  v = run_and_get(&in, "e = {1, 2} <> {1, 3}\n", "e");
  check(v.type == SK_T_INT && v.u.i == 1, "array_not_equal", "{1, 2} <> {1, 3}");
  sk_interp_free(&in);
  /* the API other modules use */
  v = sk_iarray_new(3);
  sk_iarray_set(&v, 2, 42);
  check(sk_array_length(&v) == 3 && sk_iarray_get(&v, 0) == 0 && sk_iarray_get(&v, 2) == 42, "iarray_api", "new/set/get");
  w = sk_darray_new(1);
  sk_darray_set(&w, 0, sk_datatype_lookup("MPI_CHAR"));
  check(sk_array_length(&w) == 1 && sk_darray_get(&w, 0) == sk_datatype_lookup("MPI_CHAR"), "darray_api", "new/set/get");
  check(strcmp(sk_type_name(SK_T_IARRAY), "an integer array") == 0 && strcmp(sk_type_name(SK_T_DARRAY), "a datatype array") == 0,
        "array_type_names", "for messages");
  {
    sk_str s;
    sk_str_init(&s);
    sk_value_format(&s, &v);
    sk_str_puts(&s, " ");
    sk_value_format(&s, &w);
    check(strcmp(s.data, "[0, 0, 42] [MPI_CHAR]") == 0, "array_format", "got '%s'", s.data);
    sk_str_free(&s);
  }
}

static void test_print(void)
{
  const char *path = "tests/out/test_grammar_print.sko";
  sk_str err;
  char backup[256], line[512], all[4096];
  FILE *f;
  sk_interp in;
  check_print("begin measurement \"p\" print \"a\", 1 print_all 2.5, MPI_INT flush end measurement\n",
              "begin measurement \"p\"\n  print \"a\", 1\n  print_all 2.5, MPI_INT\n  flush\nend measurement\n",
              "print_statements_print");
  check_parse_error("begin measurement \"p\" print end measurement\n",
                    "t.ski:1:29: syntax error: expected an expression, found 'end'", "error_print_empty");
  check_parse_error("flush\n", "t.ski:1:1: 'flush' can only be used inside a measurement block", "error_flush_top");
  check_parse_error("x = 1\nprint_all x\n", "t.ski:2:1: 'print_all' can only be used inside a measurement block",
                    "error_print_all_top");
  remove(path);
  sk_str_init(&err);
  if (!check(sk_out_open(path, &err, backup, sizeof backup), "print_open_output", "%s", err.data ? err.data : "")) return;
  sk_interp_init(&in);
  run_and_get(&in, "n = 3\nbegin measurement \"p\"\n print \"n=\", n, \" d=\", 1.5, \" \", MPI_INT, \" \", MPI_SUM, \" \","
                   " {1, 2}, \" \", MPI_COMM_WORLD\n print_all \"all\" flush\nend measurement\n", "n");
  sk_interp_free(&in);
  sk_out_close();
  all[0] = '\0';
  f = fopen(path, "r");
  if (!check(f != NULL, "print_read_output", "cannot read %s", path)) return;
  while (fgets(line, sizeof line, f)) if (strncmp(line, "#P[", 3) == 0 && strlen(all) + strlen(line) < sizeof all) strcat(all, line);
  fclose(f);
  check(strcmp(all, "#P[0] n=3 d=1.500000 MPI_INT MPI_SUM [1, 2] MPI_COMM_WORLD\n#P[0] all\n") == 0, "print_output",
        "got '%s'", all);
  remove(path);
}

static void test_unknown_names(void)
{
  check_parse_error("x = 1\ny = z + x\n", "t.ski:2:5: unknown identifier 'z'", "unknown_simple");
  check_parse_error("x = x + 1\n", "t.ski:1:5: unknown identifier 'x'", "unknown_self");
  check_parse_error("x = 1\nfor i = 1 to 3 do\n  y = sqrt(i) +\n      q\nod\n", "t.ski:4:7: unknown identifier 'q'",
                    "unknown_nested_position");
  check_parse_error("begin measurement \"a\"\n  print_all {1, w}\nend measurement\n", "t.ski:2:17: unknown identifier 'w'",
                    "unknown_in_print");
  check_parse_error("begin measurement \"a\"\n  measure MPI_COMM_WORLD : Synthetic_Virtual(1, 1, 1, 1, 1, nn)\nend measurement\n",
                    "t.ski:2:61: unknown identifier 'nn'", "unknown_in_measure");
  check_parse_error("for v in [1, v] do x = 1 od\n", "t.ski:1:14: unknown identifier 'v'", "unknown_loop_list");
  check_print("for i = 1 to 3 do x = i od\ny = i + x\n", "for i = 1 to 3 do\n  x = i\nod\ny = i + x\n", "known_loop_var");
  check_print("begin measurement \"a\" h = 1 end measurement\ny = h + get_np()\n",
              "begin measurement \"a\"\n  h = 1\nend measurement\ny = h + get_np()\n", "known_from_earlier_block");
  check_print("t = MPI_INT\n", "t = MPI_INT\n", "known_predefined");
}

int main(void)
{
  test_layout_and_literals();
  test_precedence();
  test_arrays();
  test_print();
  test_unknown_names();
  return check_summary("test_grammar");
}
