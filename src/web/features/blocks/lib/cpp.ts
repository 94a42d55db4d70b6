/*
 * The C++ a block program becomes: operator precedence for Blockly's value generators, literals,
 * and the names a learner's variable may not take.
 */

/**
 * C++ operator precedence, tightest first, in Blockly's convention: a value generator returns its
 * code with the order of its outermost operator, and Blockly adds parentheses where the order of
 * the place it goes in is not looser.
 */
export const ORDER = {
  ATOMIC: 0, // literals, names
  CALL: 2, // f(x), a.b
  UNARY: 3, // !x, -x
  MULTIPLICATIVE: 5, // * / %
  ADDITIVE: 6, // + -
  RELATIONAL: 8, // < <= > >=
  EQUALITY: 9, // == !=
  LOGICAL_AND: 13,
  LOGICAL_OR: 14,
  ASSIGNMENT: 16,
  NONE: 99,
} as const;

/** A number as C++ writes it: `500`, `0.5`, `-3`. */
export function cppNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return Object.is(value, -0) ? '0' : String(value);
}

/**
 * A string literal. Control characters become spaces (an LCD or the serial monitor shows no tabs or
 * line breaks inside one print), and `??` is split so that no trigraph warning can appear.
 */
export function cppString(text: string): string {
  const escaped = text
    .replace(/[\p{Cc}]/gu, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\?\?/g, '?\\?');
  return `"${escaped}"`;
}

/**
 * Words a learner's variable is renamed away from: C++'s keywords, and the names the Arduino core and
 * our generated code use (a variable called `delay` or `HIGH` would not compile).
 */
export const RESERVED_WORDS: readonly string[] = [
  // C++
  'alignas,alignof,and,and_eq,asm,auto,bitand,bitor,bool,break,case,catch,char,char16_t,char32_t,class,compl',
  'const,constexpr,const_cast,continue,decltype,default,delete,do,double,dynamic_cast,else,enum,explicit,export',
  'extern,false,float,for,friend,goto,if,inline,int,long,mutable,namespace,new,noexcept,not,not_eq,nullptr',
  'operator,or,or_eq,private,protected,public,register,reinterpret_cast,return,short,signed,sizeof,static',
  'static_assert,static_cast,struct,switch,template,this,thread_local,throw,true,try,typedef,typeid,typename',
  'union,unsigned,using,virtual,void,volatile,wchar_t,while,xor,xor_eq,main,NULL',
  // Arduino
  'setup,loop,HIGH,LOW,INPUT,OUTPUT,INPUT_PULLUP,LED_BUILTIN,pinMode,digitalWrite,digitalRead,analogRead',
  'analogWrite,analogReference,delay,delayMicroseconds,millis,micros,pulseIn,tone,noTone,map,constrain,min,max',
  'abs,pow,sqrt,sq,random,randomSeed,round,sin,cos,tan,PI,HALF_PI,TWO_PI,DEG_TO_RAD,RAD_TO_DEG,Serial,String',
  'boolean,byte,word,Wire,Servo,LiquidCrystal_I2C,DHT,DHT11,A0,A1,A2,A3,A4,A5,A6,A7,bit,interrupts',
  'noInterrupts,attachInterrupt,detachInterrupt,lowByte,highByte,bitRead,bitWrite,bitSet,bitClear,F',
  // our generated code
  'showOnLcd,readDistanceCm,lcd',
]
  .join(',')
  .split(',');
